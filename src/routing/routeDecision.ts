import { isAllowedPath } from './matchesAllowedLink.ts';
import { ACCEPT_INVITATION_PATH, PROTECTED_PREFIXES } from './paths.ts';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const TFA_PATH = '/tfa-verification';
export const FORGOT_PASSWORD_PATH = '/forgot-password';

/** Open without being signed in (SPEC point 2). */
export const PUBLIC_PATHS: readonly string[] = [
  LOGIN_PATH,
  FORGOT_PASSWORD_PATH,
  HOME_PATH,
  TFA_PATH,
  ACCEPT_INVITATION_PATH,
];

/** Where a fresh sign-in moves on from. */
const ENTRY_PATHS: readonly string[] = [LOGIN_PATH, HOME_PATH, TFA_PATH];

export type RouteDecision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

export interface RouteInput {
  path: string;
  signedIn: boolean;
  allowedLinks: readonly string[];
  defaultModuleURL: string | null;
}

function isProtected(path: string): boolean {
  return PROTECTED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The defaultModuleURL if it is allowed, else the first allowed link, else null. */
export function landingPath(allowedLinks: readonly string[], defaultModuleURL: string | null): string | null {
  if (defaultModuleURL && isAllowedPath(defaultModuleURL, allowedLinks)) return defaultModuleURL;
  return allowedLinks[0] ?? null;
}

/** SPEC point 2's routing rules as one pure decision per navigation. */
export function decideRoute({ path, signedIn, allowedLinks, defaultModuleURL }: RouteInput): RouteDecision {
  if (!signedIn) {
    if (path === HOME_PATH || isProtected(path)) return { kind: 'redirect', to: LOGIN_PATH };
    return PUBLIC_PATHS.includes(path) ? { kind: 'render' } : { kind: 'notFound' };
  }
  if (ENTRY_PATHS.includes(path)) {
    const landing = landingPath(allowedLinks, defaultModuleURL);
    if (landing !== null) return { kind: 'redirect', to: landing };
    return path === HOME_PATH ? { kind: 'render' } : { kind: 'redirect', to: HOME_PATH };
  }
  if (path === FORGOT_PASSWORD_PATH || path === ACCEPT_INVITATION_PATH) return { kind: 'render' };
  return isAllowedPath(path, allowedLinks) ? { kind: 'render' } : { kind: 'notFound' };
}
