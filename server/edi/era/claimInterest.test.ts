import { describe, expect, it } from 'vitest';
import { imbalancesOf, interestInPayment } from './balance.ts';
import { readEra } from './readEra.ts';
import { write835 } from './write835.ts';

const remit = (interestCents: number, paidExtra: number) =>
  readEra(
    write835({
      payer: { name: 'MEDICARE', identifier: '00882' },
      payee: { name: 'PRACTICE', npi: '1234567893' },
      traceNumber: 'T1',
      paymentDate: '2026-11-20',
      controlNumber: 1,
      claims: [
        {
          claimID: '41',
          status: '1',
          patient: { lastName: 'DOE', firstName: 'JO', memberID: 'M1' },
          payerClaimControlNumber: 'ICN1',
          interestCents,
          lines: [
            {
              procedure: '99213',
              modifiers: [],
              chargeCents: 10_000,
              paidCents: 8_000 + paidExtra,
              allowedCents: null,
              units: 1,
              serviceDate: '2026-10-01',
              lineControlNumber: null,
              adjustments: [{ group: 'CO', reason: '45', cents: 2_000 - paidExtra }],
              remarks: [],
            },
          ],
        },
      ],
    }),
  ).checks[0];

describe('claim interest (AMT*I)', () => {
  it('is read, and counted in the claim payment when the payer put it there: the claim still balances', () => {
    const check = remit(312, 0);
    const claim = check?.claims[0];
    expect(claim?.interestCents).toBe(312);
    expect(claim?.paidCents).toBe(8_312);
    expect(claim && interestInPayment(claim)).toBe(312);
    expect(check && imbalancesOf(check)).toEqual([]);
  });

  it('is information only when CLP04 does not carry it (a payer paying interest at provider level)', () => {
    const check = remit(0, 0);
    const claim = check?.claims[0];
    expect(claim && interestInPayment({ ...claim, interestCents: 500 })).toBe(0);
    expect(
      check && imbalancesOf({ ...check, claims: check.claims.map((each) => ({ ...each, interestCents: 500 })) }),
    ).toEqual([]);
  });
});
