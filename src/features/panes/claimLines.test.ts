import { describe, expect, it } from 'vitest';
import type { ChargeLine } from '../../../contract/claimDetail.ts';
import type { LedgerRow } from '../../../contract/ledger.ts';
import { compareLines } from './claimLines.ts';

function charge(lineNumber: number, chargeID: number, amounts: { charge: number; paid: number; adjusted: number }): ChargeLine {
  return {
    chargeID,
    lineNumber,
    cptCode: '99213',
    modifiers: [],
    units: 1,
    diagnosisPointers: [1],
    dosFrom: '2026-01-02',
    dosTo: '2026-01-02',
    status: 'active',
    ...amounts,
    balance: amounts.charge - amounts.paid - amounts.adjusted,
  };
}

let nextId = 1;
function posting(chargeID: number, entryType: LedgerRow['entryType'], amount: number, groupCode: string | null = null, reasonCode: string | null = null): LedgerRow {
  return {
    ledgerID: nextId++,
    postingDate: '2026-02-01',
    entryType,
    claimID: 1,
    chargeID,
    chargeLine: null,
    cptCode: null,
    amount,
    groupCode,
    reasonCode,
    reasonDescription: reasonCode ? `CARC ${reasonCode}` : null,
    payerName: null,
    note: null,
  };
}

describe('Claim vs ERA line comparison', () => {
  const charges = [
    charge(2, 20, { charge: 5000, paid: 0, adjusted: 0 }),
    charge(1, 10, { charge: 15000, paid: 11000, adjusted: 4000 }),
    charge(3, 30, { charge: 8000, paid: 3000, adjusted: 2000 }),
    charge(4, 40, { charge: 2000, paid: 0, adjusted: 0 }),
  ];
  const ledger = [
    posting(10, 'charge', 15000),
    posting(10, 'insurance_payment', -10000),
    posting(10, 'contractual_adjustment', -3000, 'CO', '45'),
    posting(10, 'contractual_adjustment', -1000, 'CO', '45'),
    posting(10, 'patient_responsibility', 0, 'PR', '2'),
    posting(10, 'patient_payment', -1000),
    posting(20, 'denial', 0, 'CO', '50'),
    posting(30, 'insurance_payment', -3000),
    posting(30, 'write_off', -2000),
  ];
  const lines = compareLines(charges, ledger);

  it('puts the lines in line order, so both sides read across', () => {
    expect(lines.map((line) => line.lineNumber)).toEqual([1, 2, 3, 4]);
  });

  it('calls a line settled only when billed equals paid plus adjusted', () => {
    expect(lines.map((line) => [line.lineNumber, line.outcome, line.balance])).toEqual([
      [1, 'settled', 0],
      [2, 'denied', 5000],
      [3, 'open', 3000],
      [4, 'unanswered', 2000],
    ]);
  });

  it("splits what was paid into the payer's part and the patient's part", () => {
    expect(lines.map((line) => [line.payerPaid, line.patientPaid])).toEqual([
      [10000, 1000],
      [0, 0],
      [3000, 0],
      [0, 0],
    ]);
  });

  it('sums each adjustment code on a line and keeps zero-amount markers such as PR shares and denials', () => {
    expect(lines[0]?.adjustments).toEqual([
      { code: 'CO-45', description: 'CARC 45', amount: 4000 },
      { code: 'PR-2', description: 'CARC 2', amount: 0 },
    ]);
    expect(lines[1]?.adjustments).toEqual([{ code: 'CO-50', description: 'CARC 50', amount: 0 }]);
    expect(lines[2]?.adjustments).toEqual([{ code: 'Write-off', description: null, amount: 2000 }]);
  });
});
