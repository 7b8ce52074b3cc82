import { describe, expect, it } from 'vitest';
import {
  enteredVsExpectedText,
  fileSizeText,
  paymentSourceText,
  postedVsTotalText,
  postingTypeText,
  reversalText,
} from './batchText.ts';

describe('postedVsTotalText', () => {
  it('says a batch balances when what was posted is its total', () => {
    expect(postedVsTotalText(125_000, 125_000)).toBe('Balanced: $1,250.00 posted, the batch total.');
  });

  it('spells out what is still to post', () => {
    expect(postedVsTotalText(125_000, 25_050)).toBe('$999.50 still to post: $250.50 posted of $1,250.00.');
  });

  it('spells out money posted over the total, as a positive amount', () => {
    expect(postedVsTotalText(10_000, 10_001)).toBe('$0.01 posted over the batch total: $100.01 posted of $100.00.');
  });

  it('treats an empty batch with nothing posted as balanced', () => {
    expect(postedVsTotalText(0, 0)).toBe('Balanced: $0.00 posted, the batch total.');
  });
});

describe('enteredVsExpectedText', () => {
  it('does not call a batch without an expected total off', () => {
    expect(enteredVsExpectedText(0, 30_000)).toBe('$300.00 entered; no expected total was given.');
  });

  it('spells out what is still to enter and what went over', () => {
    expect(enteredVsExpectedText(50_000, 30_000)).toBe('$200.00 still to enter: $300.00 entered of $500.00.');
    expect(enteredVsExpectedText(20_000, 30_000)).toBe('$100.00 entered over the expected total: $300.00 of $200.00.');
    expect(enteredVsExpectedText(30_000, 30_000)).toBe('Balanced: $300.00 entered, the expected total.');
  });
});

describe('row texts', () => {
  it('names the payer, or the source when no payer was named', () => {
    expect(paymentSourceText({ payerName: 'Aetna', paymentSource: 'insurance' })).toBe('Aetna');
    expect(paymentSourceText({ payerName: null, paymentSource: 'patient' })).toBe('Patient payments');
    expect(paymentSourceText({ payerName: null, paymentSource: 'insurance' })).toBe('Insurance');
  });

  it('reads ledger entry types and reversals', () => {
    expect(postingTypeText('insurance_payment')).toBe('Insurance payment');
    expect(postingTypeText('advance_application')).toBe('Advance applied');
    expect(postingTypeText('odd_thing')).toBe('Odd thing');
    expect(reversalText({ reversesLedgerID: null, reversedByLedgerID: 41 })).toBe('Reversed by 41');
    expect(reversalText({ reversesLedgerID: 12, reversedByLedgerID: null })).toBe('Reverses 12');
    expect(reversalText({ reversesLedgerID: null, reversedByLedgerID: null })).toBe('');
  });

  it('reads file sizes', () => {
    expect(fileSizeText(900)).toBe('900 B');
    expect(fileSizeText(2048)).toBe('2 KB');
    expect(fileSizeText(3 * 1024 * 1024 + 200_000)).toBe('3.2 MB');
  });
});
