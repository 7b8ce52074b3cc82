import type { BatchLedgerRow, Deposit } from '../../../contract/batches.ts';
import type { DepositFilter } from './reconciliationOnScreen.ts';

export const FILTER_TITLES: Readonly<Record<DepositFilter, string>> = {
  open: 'Deposits to reconcile',
  reconciled: 'Reconciled deposits',
  all: 'All deposits',
};

/** The figures above the list: deposited, posted, and what is still to post on the open ones. */
export function depositTotals(deposits: readonly Deposit[]): {
  count: number;
  deposited: number;
  posted: number;
  unbalanced: number;
  difference: number;
} {
  return deposits.reduce(
    (sum, deposit) => ({
      count: sum.count + 1,
      deposited: sum.deposited + deposit.deposited,
      posted: sum.posted + deposit.posted,
      unbalanced: sum.unbalanced + (deposit.difference === 0 ? 0 : 1),
      difference: sum.difference + (deposit.reconciled ? 0 : deposit.difference),
    }),
    { count: 0, deposited: 0, posted: 0, unbalanced: 0, difference: 0 },
  );
}

/** Reconciled (with who), balances (ready to reconcile), or the difference still to post. */
export function depositStateText(deposit: Pick<Deposit, 'reconciled' | 'reconciledBy' | 'difference'>): string {
  if (deposit.reconciled) return deposit.reconciledBy === null ? 'Reconciled' : `Reconciled by ${deposit.reconciledBy}`;
  return deposit.difference === 0 ? 'Balances: R reconciles' : 'Not balanced';
}

/** Whether X may offer to reverse the row: a payment or adjustment not reversed yet. */
export function canReverse(row: Pick<BatchLedgerRow, 'entryType' | 'reversedByLedgerID' | 'amount'>): boolean {
  return (
    row.entryType !== 'reversal' && row.entryType !== 'charge' && row.reversedByLedgerID === null && row.amount !== 0
  );
}
