import { describe, expect, it } from 'vitest';
import type { Deposit } from '../../../contract/batches.ts';
import { canReverse, depositStateText, depositTotals } from './reconciliationText.ts';

const deposit = (overrides: Partial<Deposit>): Deposit => ({
  kind: 'batch',
  depositID: 1,
  reference: 'DEP-1',
  payerName: null,
  depositDate: '2026-11-20',
  deposited: 10_000,
  posted: 10_000,
  difference: 0,
  reconciled: false,
  reconciledAt: null,
  reconciledBy: null,
  ...overrides,
});

describe('the reconciliation texts', () => {
  it('total the deposits, counting only what open ones still lack', () => {
    expect(
      depositTotals([
        deposit({}),
        deposit({ posted: 2_500, difference: 7_500 }),
        deposit({ reconciled: true, posted: 9_000, difference: 1_000 }),
      ]),
    ).toEqual({
      count: 3,
      deposited: 30_000,
      posted: 21_500,
      unbalanced: 2,
      difference: 7_500,
    });
  });

  it('say whether a deposit balances, and who reconciled it', () => {
    expect(depositStateText(deposit({}))).toBe('Balances: R reconciles');
    expect(depositStateText(deposit({ difference: 5 }))).toBe('Not balanced');
    expect(depositStateText(deposit({ reconciled: true, reconciledBy: 'Ann Lee' }))).toBe('Reconciled by Ann Lee');
  });

  it('offer to reverse a payment or adjustment not reversed yet', () => {
    expect(canReverse({ entryType: 'insurance_payment', reversedByLedgerID: null, amount: -100 })).toBe(true);
    expect(canReverse({ entryType: 'insurance_payment', reversedByLedgerID: 9, amount: -100 })).toBe(false);
    expect(canReverse({ entryType: 'reversal', reversedByLedgerID: null, amount: 100 })).toBe(false);
  });
});
