/**
 * Claim vs ERA's claim and cursor row, and a reload counter, in a store so that the palette's
 * commands (link, unlink, post) act on the row the biller is on, the same as the pane's own keys.
 */
import { defineStore } from '../../state/store.ts';
import type { ComparedLine } from './claimLines.ts';

interface CompareScreen {
  claimID: number | null;
  /** The row under the cursor of the side that last moved; null off the workspace. */
  line: ComparedLine | null;
  /** Bumped after a link, unlink or posting: both sides read the claim again. */
  revision: number;
}

export const compareOnScreen = defineStore((): CompareScreen => ({ claimID: null, line: null, revision: 0 }));

export function showComparedLine(claimID: number | null, line: ComparedLine | null): void {
  compareOnScreen.claimID = claimID;
  compareOnScreen.line = line;
}

export function comparisonChanged(): void {
  compareOnScreen.revision += 1;
}
