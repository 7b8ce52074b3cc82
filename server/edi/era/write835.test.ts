import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imbalancesOf } from './balance.ts';
import { readEra } from './readEra.ts';
import { write835, type Claim835, type Line835, type Remittance835 } from './write835.ts';

const cents = fc.integer({ min: 0, max: 5_000_000 });
const code = fc.stringMatching(/^[A-Z0-9]{1,4}$/);

/** A line whose charge is split into a contractual adjustment, a patient share and the payment. */
const line: fc.Arbitrary<Line835> = fc
  .record({
    procedure: fc.stringMatching(/^\d{5}$/),
    modifiers: fc.array(fc.stringMatching(/^[A-Z0-9]{2}$/), { maxLength: 4 }),
    contractual: cents,
    patientShare: cents,
    paid: cents,
    units: fc.integer({ min: 1, max: 99 }),
    day: fc.integer({ min: 1, max: 28 }),
    reason: code,
    remarks: fc.array(fc.stringMatching(/^[MN]\d{1,3}$/), { maxLength: 2 }),
  })
  .map((drawn) => ({
    procedure: drawn.procedure,
    modifiers: drawn.modifiers,
    chargeCents: drawn.contractual + drawn.patientShare + drawn.paid,
    paidCents: drawn.paid,
    allowedCents: drawn.patientShare + drawn.paid,
    units: drawn.units,
    serviceDate: `2026-03-${String(drawn.day).padStart(2, '0')}`,
    lineControlNumber: `L${drawn.procedure}${drawn.day}`,
    adjustments: [
      ...(drawn.contractual > 0 ? [{ group: 'CO' as const, reason: drawn.reason, cents: drawn.contractual }] : []),
      ...(drawn.patientShare > 0 ? [{ group: 'PR' as const, reason: '2', cents: drawn.patientShare }] : []),
    ],
    remarks: drawn.remarks,
  }));

const claim: fc.Arbitrary<Claim835> = fc.record({
  claimID: fc.integer({ min: 1, max: 999_999_999 }).map(String),
  status: fc.constantFrom('1', '2', '4'),
  patient: fc.record({
    lastName: fc.constantFrom('SMITH', 'NGUYEN', "O'NEIL"),
    firstName: fc.constantFrom('ANA', 'JO'),
    memberID: fc.stringMatching(/^W\d{6}$/),
  }),
  payerClaimControlNumber: fc.stringMatching(/^\d{8,14}$/),
  lines: fc.array(line, { minLength: 1, maxLength: 6 }),
});

const remittance: fc.Arbitrary<Remittance835> = fc.record({
  payer: fc.record({ name: fc.constantFrom('AETNA', 'UNITED HEALTHCARE'), identifier: fc.stringMatching(/^\d{5}$/) }),
  payee: fc.constant({ name: 'LAKESIDE MEDICAL GROUP', npi: '1234567893' }),
  traceNumber: fc.stringMatching(/^[A-Z0-9]{6,15}$/),
  paymentDate: fc.constant('2026-11-20'),
  controlNumber: fc.integer({ min: 1, max: 999_999_999 }),
  claims: fc.array(claim, { minLength: 1, maxLength: 8 }),
});

describe('835 writer, read back by our reader', () => {
  it('reads back every figure it wrote, and what it writes balances', () => {
    fc.assert(
      fc.property(remittance, (written) => {
        const document = readEra(write835(written));
        expect(document.problems).toEqual([]);
        const [check] = document.checks;
        if (!check) throw new Error('no check read');
        expect(imbalancesOf(check)).toEqual([]);
        expect(check.traceNumber).toBe(written.traceNumber);
        expect(check.totalCents).toBe(
          written.claims.flatMap((item) => item.lines).reduce((sum, item) => sum + item.paidCents, 0),
        );
        expect(check.claims.map((item) => item.claimID)).toEqual(written.claims.map((item) => item.claimID));
        expect(
          check.claims.flatMap((item) =>
            item.lines.map((read) => [
              read.procedure,
              read.modifiers,
              read.chargeCents,
              read.paidCents,
              read.allowedCents,
              read.units,
              read.lineControlNumber,
              read.remarks,
            ]),
          ),
        ).toEqual(
          written.claims.flatMap((item) =>
            item.lines.map((sent) => [
              sent.procedure,
              [...sent.modifiers],
              sent.chargeCents,
              sent.paidCents,
              sent.allowedCents,
              sent.units,
              sent.lineControlNumber,
              [...sent.remarks],
            ]),
          ),
        );
        expect(
          check.claims.flatMap((item) =>
            item.lines.flatMap((read) =>
              read.adjustments.map(({ group, reason, cents: amount }) => ({ group, reason, cents: amount })),
            ),
          ),
        ).toEqual(written.claims.flatMap((item) => item.lines.flatMap((sent) => sent.adjustments)));
      }),
      { numRuns: 200 },
    );
  });
});
