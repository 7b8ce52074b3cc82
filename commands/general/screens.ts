/**
 * Whether the signed-in user's menu holds a screen (its path in src/routing/paths.ts). Screens
 * that do not exist yet have their paths too: their commands light up as soon as the menu gains
 * the link.
 */
import { isAllowedPath } from '../../src/routing/matchesAllowedLink.ts';
import { allowedLinksOfUser } from '../../src/routing/userLinks.ts';
import { session } from '../../src/state/session.ts';

/** Null when the user may open `path`, else the reason in their words. */
export function notInMenuReason(path: string, screenName: string): string | null {
  const user = session.user;
  if (!user) return 'Sign in first.';
  return isAllowedPath(path, allowedLinksOfUser(user)) ? null : `${screenName} is not in your menu.`;
}
