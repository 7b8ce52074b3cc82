import { describe, expect, it } from 'vitest';
import type { ListedAdvance } from '../../../contract/advancePaymentList.ts';
import { advanceTotals, methodText, statusText } from './advanceText.ts';

const row = (overrides: Partial<ListedAdvance>): ListedAdvance => ({
  advancePaymentID: 1,
  patientID: 1,
  patientName: 'SMITH, JANE',
  accountNumber: 'SMI0001',
  amount: 10_000,
  applied: 0,
  refunded: 0,
  unapplied: 10_000,
  status: 'active',
  method: 'check',
  reference: '1001',
  receivedOn: '2026-11-20',
  dateOfService: null,
  ...overrides,
});

describe('advance payment texts', () => {
  it('name the method with its reference', () => {
    expect(methodText(row({}))).toBe('Check 1001');
    expect(methodText(row({ method: 'ach', reference: null }))).toBe('ACH');
  });

  it('say Used for an active advance with nothing left', () => {
    expect(statusText(row({}))).toBe('Active');
    expect(statusText(row({ unapplied: 0, applied: 10_000 }))).toBe('Used');
    expect(statusText(row({ status: 'reversed', unapplied: 0 }))).toBe('Reversed');
    expect(statusText(row({ status: 'refunded', unapplied: 0 }))).toBe('Refunded');
  });

  it('total what was received, leaving reversed advances out, with what was applied and is left', () => {
    expect(
      advanceTotals([
        row({ applied: 2_500, unapplied: 7_500 }),
        row({ status: 'reversed', unapplied: 0, amount: 5_000 }),
      ]),
    ).toEqual({ count: 2, amount: 10_000, applied: 2_500, unapplied: 7_500 });
  });
});
