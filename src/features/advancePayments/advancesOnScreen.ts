/**
 * The advance payments screen's filter, the advance under its cursor and a reload counter, in a
 * store so that the palette's advance-payment commands act on the cursor row the same way the
 * screen's own keys do, and can have the list read again after a change.
 */
import type { AdvanceListFilter, ListedAdvance } from '../../../contract/advancePaymentList.ts';
import { defineStore } from '../../state/store.ts';

interface AdvancesScreen {
  filter: AdvanceListFilter;
  /** Bumped after an advance is added, applied, refunded, reversed or re-dated. */
  revision: number;
  /** The advances listed now; null while none are loaded or the screen is not open. */
  rows: readonly ListedAdvance[] | null;
  /** The advance under the cursor while the screen is open. */
  cursor: ListedAdvance | null;
}

export const advancesOnScreen = defineStore((): AdvancesScreen => ({ filter: 'all', revision: 0, rows: null, cursor: null }));

export function showAdvanceFilter(filter: AdvanceListFilter): void {
  advancesOnScreen.filter = filter;
}

export function advancesChanged(): void {
  advancesOnScreen.revision += 1;
}

export function showAdvances(rows: readonly ListedAdvance[] | null, cursor: ListedAdvance | null): void {
  advancesOnScreen.rows = rows;
  advancesOnScreen.cursor = cursor;
}

/** The advance a command acts on from this screen, or null when the screen is not open. */
export function advanceUnderCursor(): ListedAdvance | null {
  return advancesOnScreen.cursor;
}
