import { describe, expect, it } from 'vitest';
import type { ChargeLine } from '../../../contract/claimDetail.ts';
import type { ClaimEraAnswer } from '../../../contract/eraAnswers.ts';
import type { LedgerRow } from '../../../contract/ledger.ts';
import { compareLines } from './claimLines.ts';

function charge(
  lineNumber: number,
  chargeID: number,
  amounts: { charge: number; paid: number; adjusted: number; patientPaid?: number },
): ChargeLine {
  const { patientPaid = 0, ...money } = amounts;
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
    ...money,
    balance: amounts.charge - amounts.paid - amounts.adjusted,
    insurancePaid: amounts.paid - patientPaid,
    patientPaid,
  };
}

let nextId = 1;
function posting(
  chargeID: number,
  entryType: LedgerRow['entryType'],
  amount: number,
  groupCode: string | null = null,
  reasonCode: string | null = null,
): LedgerRow {
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
    figure: FIGURES[entryType],
    reversesLedgerID: null,
    reversedByLedgerID: null,
  };
}

/** Where the server counts each kind of row (not reversals: none here). */
const FIGURES: Readonly<Record<LedgerRow['entryType'], LedgerRow['figure']>> = {
  charge: 'charges',
  insurance_payment: 'insurancePaid',
  patient_payment: 'patientPaid',
  advance_payment: 'patientPaid',
  advance_application: 'patientPaid',
  contractual_adjustment: 'contractualAdjustments',
  write_off: 'writeOffs',
  adjustment: 'otherAdjustments',
  denial: 'otherAdjustments',
  patient_responsibility: 'otherAdjustments',
  refund: 'refunds',
  reversal: 'otherAdjustments',
};

describe('Claim vs ERA line comparison', () => {
  const charges = [
    charge(2, 20, { charge: 5000, paid: 0, adjusted: 0 }),
    charge(1, 10, { charge: 15000, paid: 11000, adjusted: 4000, patientPaid: 1000 }),
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

describe('Claim vs ERA against the ERA answers', () => {
  const charges = [
    charge(1, 10, { charge: 10000, paid: 0, adjusted: 0 }),
    charge(2, 20, { charge: 5000, paid: 0, adjusted: 0 }),
  ];
  const eraLine = (
    eraLineID: number,
    chargeID: number | null,
    procedureCode: string,
    modifiers: string[],
    billed: number,
    paid: number,
    adjustments: { group: string; reason: string; amount: number }[],
  ) => ({
    eraLineID,
    chargeID,
    matchedBy: chargeID === null ? null : 'code and date',
    procedureCode,
    modifiers,
    billed,
    allowed: paid,
    paid,
    units: 1,
    serviceDate: '2026-01-02',
    lineControlNumber: null,
    adjustments: adjustments.map((entry) => ({
      ...entry,
      description: `CARC ${entry.reason}`,
      quantity: null,
      treatment: 'write_off' as const,
    })),
    remarks: [],
  });
  const answer = (
    eraCheckID: number,
    traceNumber: string,
    checkStatus: string,
    lines: ReturnType<typeof eraLine>[],
  ): ClaimEraAnswer => ({
    eraID: eraCheckID,
    eraCheckID,
    traceNumber,
    payerName: 'AETNA',
    checkDate: '2026-01-20',
    checkStatus,
    balanced: true,
    claim: {
      eraClaimID: eraCheckID,
      claimID: 1,
      matchedBy: 'claim id',
      patientControlNumber: '1',
      statusCode: '1',
      status: 'Processed as primary',
      billed: 15000,
      paid: 0,
      patientResponsibility: 0,
      payerClaimControlNumber: null,
      patientName: null,
      serviceDate: null,
      interest: 0,
      posted: checkStatus === 'posted',
      heldReason: null,
      suggestedClaimID: null,
      reversesEraClaimID: null,
      adjustments: [],
      remarks: [],
      lines,
    },
  });

  it('takes each line from the newest answer that names its charge, and calls an unposted answer "to post"', () => {
    const newest = answer(2, 'NEW', 'unposted', [
      eraLine(21, 10, '99213', [], 10000, 8000, [{ group: 'CO', reason: '45', amount: 2000 }]),
    ]);
    const older = answer(1, 'OLD', 'unposted', [
      eraLine(11, 10, '99213', [], 10000, 0, [{ group: 'CO', reason: '50', amount: 10000 }]),
    ]);
    const [first, second] = compareLines(charges, [], [newest, older]);
    expect(first?.era).toMatchObject({
      eraLineID: 21,
      traceNumber: 'NEW',
      paid: 8000,
      posted: false,
      adjustments: [{ code: 'CO-45', description: 'CARC 45', amount: 2000 }],
    });
    expect(first?.outcome).toBe('to post');
    expect(first?.differences).toEqual([]);
    expect(second?.era).toBeNull();
    expect(second?.outcome).toBe('unanswered');
  });

  it('spells out where the payer read the line otherwise, and where it denied it', () => {
    const read = answer(3, 'T3', 'unposted', [
      eraLine(31, 10, '99213', ['25'], 9000, 0, [{ group: 'CO', reason: '50', amount: 9000 }]),
      eraLine(32, 20, '99213', [], 5000, 4000, [{ group: 'PR', reason: '2', amount: 1000 }]),
    ]);
    const [first, second] = compareLines(charges, [], [read]);
    expect(first?.differences).toEqual([
      'Billed as 99213; the payer answered 99213-25.',
      'Billed $100.00; the payer read $90.00.',
      'Not paid: CO-50.',
    ]);
    expect(second?.differences).toEqual([]);
  });

  it('flags a posted line whose payer payments differ from what its ERA paid', () => {
    const posted = answer(4, 'T4', 'posted', [
      eraLine(41, 10, '99213', [], 10000, 8000, [{ group: 'CO', reason: '45', amount: 2000 }]),
    ]);
    const ledger = [posting(10, 'insurance_payment', -7000), posting(10, 'contractual_adjustment', -2000, 'CO', '45')];
    const [first] = compareLines([charge(1, 10, { charge: 10000, paid: 7000, adjusted: 2000 }), charges[1]!], ledger, [
      posted,
    ]);
    expect(first?.differences).toEqual(['Posted $70.00 from payers; this ERA paid $80.00.']);
    expect(first?.outcome).toBe('open');
  });

  it('lists ERA lines linked to no charge after the claim’s lines, with rows of their own', () => {
    const loose = answer(5, 'T5', 'unposted', [eraLine(51, null, '36415', ['59'], 2000, 1600, [])]);
    const lines = compareLines(charges, [], [loose]);
    expect(lines.map((line) => [line.rowNumber, line.lineNumber, line.chargeID, line.outcome])).toEqual([
      [1, 1, 10, 'unanswered'],
      [2, 2, 20, 'unanswered'],
      [-51, null, null, 'unmatched'],
    ]);
    expect(lines[2]?.differences).toEqual(['This ERA line is linked to none of the claim’s charges: L links it.']);
  });
});
