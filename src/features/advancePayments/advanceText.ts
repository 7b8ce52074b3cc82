import type { AdvanceListFilter, ListedAdvance } from '../../../contract/advancePaymentList.ts';

export const FILTER_TITLES: Readonly<Record<AdvanceListFilter, string>> = {
  all: 'All advance payments',
  credit: 'Advance payments with credit left',
  active: 'Active advance payments',
  reversed: 'Reversed advance payments',
  refunded: 'Refunded advance payments',
};

const METHODS: Readonly<Record<string, string>> = { cash: 'Cash', check: 'Check', card: 'Card', ach: 'ACH' };

/** "Check 1001", "Card", "ACH 55-1": how it was paid, with the check number or card digits. */
export function methodText(row: Pick<ListedAdvance, 'method' | 'reference'>): string {
  const method = METHODS[row.method] ?? row.method;
  return row.reference === null || row.reference === '' ? method : `${method} ${row.reference}`;
}

/** Active, Reversed, Refunded; an active advance with nothing left reads "Used". */
export function statusText(row: Pick<ListedAdvance, 'status' | 'unapplied'>): string {
  if (row.status === 'reversed') return 'Reversed';
  if (row.status === 'refunded') return 'Refunded';
  return row.unapplied === 0 ? 'Used' : 'Active';
}

/** The figures above the list: how many, deposited, applied, left as credit. */
export function advanceTotals(rows: readonly ListedAdvance[]): {
  count: number;
  amount: number;
  applied: number;
  unapplied: number;
} {
  return rows.reduce(
    (sum, row) => ({
      count: sum.count + 1,
      amount: sum.amount + (row.status === 'reversed' ? 0 : row.amount),
      applied: sum.applied + row.applied,
      unapplied: sum.unapplied + row.unapplied,
    }),
    { count: 0, amount: 0, applied: 0, unapplied: 0 },
  );
}
