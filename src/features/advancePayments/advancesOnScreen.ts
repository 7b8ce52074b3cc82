/**
 * Which advance payments the screen lists, in a store so that the palette's "Show advance payments
 * with credit left" and the others change the list the same way the screen would. The advance
 * under its cursor is the commands' target (src/state/target.ts).
 */
import type { AdvanceListFilter } from '../../../contract/advancePaymentList.ts';
import { defineStore } from '../../state/store.ts';

export const advancesOnScreen = defineStore<{ filter: AdvanceListFilter }>(() => ({ filter: 'all' }));

export function showAdvanceFilter(filter: AdvanceListFilter): void {
  advancesOnScreen.filter = filter;
}

/** The advances the screen lists now, by filter. */
export function advanceFilterShown(): AdvanceListFilter {
  return advancesOnScreen.filter;
}
