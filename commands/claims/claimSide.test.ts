import { describe, expect, it } from 'vitest';
import type { ChargeDetailReply } from '../../contract/claimSideCalls.ts';
import { chargeDetailLines, codeAsTyped, validationLines } from './claimSide.ts';

describe('a CARC or RARC looked up as the payer wrote it', () => {
  it('reads a group and reason as the CARC, and M, N or MA codes as remarks', () => {
    expect(codeAsTyped(' co-45 ')).toEqual({ code: '45', type: 'carc' });
    expect(codeAsTyped('B7')).toEqual({ code: 'B7', type: 'carc' });
    expect(codeAsTyped('n130')).toEqual({ code: 'N130', type: 'rarc' });
    expect(codeAsTyped('MA01')).toEqual({ code: 'MA01', type: 'rarc' });
    expect(codeAsTyped('M15')).toEqual({ code: 'M15', type: 'rarc' });
  });
});

describe('validation errors as a note', () => {
  it('names the severity, the line and the fix of each', () => {
    expect(
      validationLines({
        claimID: 5,
        type: 'scrub',
        errors: [
          {
            severity: 'error',
            code: 'POINTER_RANGE',
            message: 'Line 2 points at diagnosis 3; the claim has 2.',
            fix: 'Point it at 1 or 2.',
            chargeID: 9,
            lineNumber: 2,
          },
          {
            severity: 'warning',
            code: 'X',
            message: 'Timely filing ends soon.',
            fix: null,
            chargeID: null,
            lineNumber: null,
          },
        ],
      }),
    ).toEqual([
      'Error (line 2): Line 2 points at diagnosis 3; the claim has 2. Point it at 1 or 2.',
      'Warning: Timely filing ends soon.',
    ]);
  });
});

describe('a charge line in full', () => {
  it('gives its figures, its postings oldest first, the payer’s answer with the CARC text and its status changes', () => {
    const detail: ChargeDetailReply = {
      claimID: 5,
      charge: {
        chargeID: 9,
        lineNumber: 1,
        cptCode: '99213',
        modifiers: [],
        units: 1,
        charge: 10000,
        diagnosisPointers: [1],
        dosFrom: '2026-11-02',
        dosTo: '2026-11-02',
        status: 'active',
        paid: 8000,
        adjusted: 2000,
        balance: 0,
        insurancePaid: 8000,
        patientPaid: 0,
      },
      posCode: null,
      ndcCode: null,
      revenueCode: null,
      lineControlNumber: 'L1',
      ledger: [
        row(2, '2026-11-20', 'contractual_adjustment', -2000, 'CO', '45', 'Charge exceeds fee schedule.'),
        row(1, '2026-11-02', 'charge', 10000, null, null, null),
      ],
      eraLines: [
        {
          eraCheckID: 3,
          traceNumber: 'T1',
          payerName: 'AETNA',
          line: {
            eraLineID: 4,
            chargeID: 9,
            matchedBy: 'line control number',
            procedureCode: '99213',
            modifiers: [],
            billed: 10000,
            allowed: 8000,
            paid: 8000,
            units: 1,
            serviceDate: '2026-11-02',
            lineControlNumber: 'L1',
            adjustments: [
              {
                group: 'CO',
                reason: '45',
                description: 'Charge exceeds fee schedule.',
                amount: 2000,
                quantity: null,
                treatment: 'write_off',
              },
            ],
            remarks: [{ code: 'N130', description: 'Consult plan benefit documents.' }],
          },
        },
      ],
      statusHistory: [],
    };
    expect(chargeDetailLines(detail)).toEqual([
      'Charge $100.00, paid $80.00 (insurance $80.00, patient $0.00), adjusted $20.00, balance $0.00',
      'Pointers 1 · DOS 11/02/2026 · status active · control number L1',
      '11/02/2026 charge $100.00',
      '11/20/2026 contractual adjustment -$20.00 CO-45 Charge exceeds fee schedule.',
      'ERA T1 (AETNA): paid $80.00; CO-45 $20.00 Charge exceeds fee schedule.; N130 Consult plan benefit documents.',
    ]);
  });
});

function row(
  ledgerID: number,
  postingDate: string,
  entryType: ChargeDetailReply['ledger'][number]['entryType'],
  amount: number,
  groupCode: string | null,
  reasonCode: string | null,
  reasonDescription: string | null,
): ChargeDetailReply['ledger'][number] {
  return {
    ledgerID,
    postingDate,
    entryType,
    claimID: 5,
    chargeID: 9,
    chargeLine: 1,
    cptCode: '99213',
    amount,
    groupCode,
    reasonCode,
    reasonDescription,
    payerName: null,
    note: null,
    figure: entryType === 'charge' ? 'charges' : 'contractualAdjustments',
    reversesLedgerID: null,
    reversedByLedgerID: null,
  };
}
