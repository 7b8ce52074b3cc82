/**
 * The reconciliation screen's filter and reload counter, in a store so that the palette's
 * filter commands change what the screen lists.
 */
import { defineStore } from '../../state/store.ts';

export type DepositFilter = 'open' | 'reconciled' | 'all';

interface ReconciliationScreen {
  filter: DepositFilter;
  /** Bumped after a command ran from the palette: the deposits and postings are read again. */
  revision: number;
}

export const reconciliationOnScreen = defineStore((): ReconciliationScreen => ({ filter: 'open', revision: 0 }));

export function showDeposits(filter: DepositFilter): void {
  reconciliationOnScreen.filter = filter;
}

export function depositsChanged(): void {
  reconciliationOnScreen.revision += 1;
}
