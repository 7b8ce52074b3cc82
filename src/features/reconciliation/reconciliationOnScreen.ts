/**
 * Which deposits the reconciliation screen lists, in a store so that the palette's filter commands
 * change the list the same way the screen would. The deposit and the posting under its cursors are
 * the commands' targets (src/state/target.ts).
 */
import type { Deposit } from '../../../contract/batches.ts';
import { defineStore } from '../../state/store.ts';

export type DepositFilter = 'open' | 'reconciled' | 'all';

export const reconciliationOnScreen = defineStore<{ filter: DepositFilter }>(() => ({ filter: 'open' }));

export function showDeposits(filter: DepositFilter): void {
  reconciliationOnScreen.filter = filter;
}

/** The deposits the screen lists now, by filter. */
export function depositFilterShown(): DepositFilter {
  return reconciliationOnScreen.filter;
}

/** "batch:12" or "era:7": how a deposit is named to the reconcile command and as a row key. */
export const depositKey = (deposit: Pick<Deposit, 'kind' | 'depositID'>) => `${deposit.kind}:${deposit.depositID}`;
