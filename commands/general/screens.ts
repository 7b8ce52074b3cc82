/**
 * Where the general commands go, and whether the signed-in user's menu holds it. Screens that do
 * not exist yet are named here too: their commands light up as soon as the menu gains the link.
 */
import { isAllowedPath } from '../../src/routing/matchesAllowedLink.ts';
import { allowedLinksOfUser } from '../../src/routing/userLinks.ts';
import { session } from '../../src/state/session.ts';

export const CLAIMS_PATH = '/app/all-claims';
/** The ERA screen: uploaded checks, upload, posting. */
export const ERA_PATH = '/app/era-search';
/** Not built yet (SPEC point 2 names it). */
export const PATIENTS_PATH = '/app/patient-search';
export const SETTINGS_PATH = '/setting/users-settings';
export const SUBMISSION_BATCHES_PATH = '/app/submission-batches';

export function claimDetailPath(claimId: number | string): string {
  return `/app/claim-detail/${claimId}`;
}

/** An uploaded ERA file's checks, claims and lines (eraID is the file's id). */
export function eraDetailPath(eraID: number | string): string {
  return `/app/era-detail/${eraID}`;
}

/** Null when the user may open `path`, else the reason in their words. */
export function notInMenuReason(path: string, screenName: string): string | null {
  const user = session.user;
  if (!user) return 'Sign in first.';
  return isAllowedPath(path, allowedLinksOfUser(user)) ? null : `${screenName} is not in your menu.`;
}
