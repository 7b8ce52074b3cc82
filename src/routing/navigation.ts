import { navigate } from 'wouter/use-browser-location';

/** Navigation for code outside React (the API client, sign-out); wouter's hooks see the change. */
export function goTo(path: string, options: { replace?: boolean } = {}): void {
  navigate(path, { replace: options.replace ?? false });
}
