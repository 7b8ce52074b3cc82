/**
 * Claims the biller left half typed: kept in this tab while they are signed in, so going to
 * another screen and back (Alt+N, Alt+F) finds the form as they left it. An edit's draft is kept
 * with the claim it started from, and given back only while the claim is still that one. Nothing
 * is written to storage: a reload or a sign-out forgets them, and another user never sees them.
 */
import { session } from '../../state/session.ts';
import type { ClaimDraft } from './claimFormLogic.ts';

interface KeptDraft {
  userID: number;
  draft: ClaimDraft;
  /** The stored claim the edit started from (null for a new claim), to give it back only over the same one. */
  openedFrom: string | null;
}

const kept = new Map<string, KeptDraft>();

/** 'new' for a new claim, else the claim's id. */
export const draftKey = (claimID: number | null) => (claimID === null ? 'new' : String(claimID));

const signedIn = () => session.user?.userID ?? null;

export function keepDraft(claimID: number | null, draft: ClaimDraft, openedFrom: string | null): void {
  const userID = signedIn();
  if (userID !== null) kept.set(draftKey(claimID), { userID, draft, openedFrom });
}

/** The draft left on this form, if it is this user's and (for an edit) the claim is still as it was. */
export function keptDraft(claimID: number | null, openedFrom: string | null): ClaimDraft | null {
  const userID = signedIn();
  for (const [key, entry] of kept) if (entry.userID !== userID) kept.delete(key);
  const entry = kept.get(draftKey(claimID));
  if (!entry) return null;
  if (entry.openedFrom !== openedFrom) {
    kept.delete(draftKey(claimID));
    return null;
  }
  return entry.draft;
}

export function dropDraft(claimID: number | null): void {
  kept.delete(draftKey(claimID));
}
