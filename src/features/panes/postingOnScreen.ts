/**
 * The ledger row under the cursor of a claim's ledger view (the claim detail's Postings, the
 * workspace's postings and patient ledger panes), so the palette's "Reverse a posting…" offers it
 * first, as the view's own X key does; and a counter those views read again on.
 */
import type { LedgerRow } from '../../../contract/ledger.ts';
import { defineStore } from '../../state/store.ts';

interface PostingScreen {
  /** The cursor row of the ledger view that last moved or took the keyboard; null when none is shown. */
  posting: LedgerRow | null;
  /** Which view published it, so a view that goes away clears only its own. */
  view: string | null;
  /** Bumped after a posting is reversed: the views read their ledger again. */
  revision: number;
}

export const postingOnScreen = defineStore((): PostingScreen => ({ posting: null, view: null, revision: 0 }));

export function showPosting(view: string, posting: LedgerRow | null): void {
  postingOnScreen.view = view;
  postingOnScreen.posting = posting;
}

export function leavePostings(view: string): void {
  if (postingOnScreen.view !== view) return;
  postingOnScreen.view = null;
  postingOnScreen.posting = null;
}

export function ledgerChanged(): void {
  postingOnScreen.revision += 1;
}
