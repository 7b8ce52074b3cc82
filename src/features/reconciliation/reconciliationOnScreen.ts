/**
 * The reconciliation screen's filter, reload counter and cursor rows, in a store so that the
 * palette's filter commands change what the screen lists, and the palette's "Reconcile deposit…"
 * and "Reverse ledger posting…" act on the rows the screen's own R and X keys would.
 */
import type { BatchLedgerRow, Deposit } from '../../../contract/batches.ts';
import { defineStore } from '../../state/store.ts';

export type DepositFilter = 'open' | 'reconciled' | 'all';

interface ReconciliationScreen {
  filter: DepositFilter;
  /** Bumped after a command ran from the palette: the deposits and postings are read again. */
  revision: number;
  /** The deposit under the cursor while the screen is open; null off it or with none listed. */
  cursorDeposit: Deposit | null;
  /** The cursor deposit's posting under the postings list's cursor. */
  cursorPosting: BatchLedgerRow | null;
}

export const reconciliationOnScreen = defineStore((): ReconciliationScreen => ({ filter: 'open', revision: 0, cursorDeposit: null, cursorPosting: null }));

export function showDeposits(filter: DepositFilter): void {
  reconciliationOnScreen.filter = filter;
}

export function depositsChanged(): void {
  reconciliationOnScreen.revision += 1;
}

export function showReconciliationCursor(deposit: Deposit | null, posting: BatchLedgerRow | null): void {
  reconciliationOnScreen.cursorDeposit = deposit;
  reconciliationOnScreen.cursorPosting = deposit === null ? null : posting;
}

/** "batch:12" or "era:7": how a deposit is named to the reconcile command and as a row key. */
export const depositKey = (deposit: Pick<Deposit, 'kind' | 'depositID'>) => `${deposit.kind}:${deposit.depositID}`;
