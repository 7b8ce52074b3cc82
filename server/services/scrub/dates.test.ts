import { describe, expect, it } from 'vitest';
import { dosInsideCoverageRule, dosNotInFutureRule } from './dates.ts';
import { aCharge, aClaim, aContext, aCoverage, aPayer, hitsOf } from './ruleTestKit.ts';
import { timelyFilingRule } from './timelyFiling.ts';

describe('date of service not in the future', () => {
  it('passes a claim up to today', () => {
    expect(hitsOf(dosNotInFutureRule, aClaim({ dosFrom: '2026-03-15', dosTo: '2026-03-15' }))).toEqual([]);
  });
  it('fails a claim and a line dated after today', () => {
    const claim = aClaim({
      dosTo: '2026-03-16',
      charges: [
        aCharge({ dosTo: '2026-03-16' }),
        aCharge({ chargeID: 502, lineNumber: 2, dosFrom: '2026-03-20', dosTo: '2026-03-20' }),
      ],
    });
    expect(hitsOf(dosNotInFutureRule, claim)).toEqual([
      { field: 'dosTo', message: "The claim's date of service 2026-03-16 is after today (2026-03-15)." },
      {
        field: 'charges[1].dosTo',
        chargeID: 502,
        message: 'Line 2 (99213) has date of service 2026-03-20, after today (2026-03-15).',
      },
    ]);
  });
});

describe('date of service inside the coverage dates', () => {
  it('passes lines inside an open-ended or closed coverage', () => {
    expect(hitsOf(dosInsideCoverageRule, aClaim())).toEqual([]);
    expect(
      hitsOf(
        dosInsideCoverageRule,
        aClaim({ coverage: aCoverage({ effectiveFrom: '2026-03-02', effectiveTo: '2026-03-02' }) }),
      ),
    ).toEqual([]);
  });
  it('fails a line before the coverage starts or after it ends', () => {
    const ended = aClaim({ coverage: aCoverage({ effectiveTo: '2026-02-28' }), charges: [aCharge()] });
    expect(hitsOf(dosInsideCoverageRule, ended)).toEqual([
      {
        field: 'charges[0].dosFrom',
        chargeID: 501,
        message: 'Line 1 (99213) on 2026-03-02 is outside the Aetna coverage (2025-01-01 to 2026-02-28).',
      },
    ]);
    const notYet = aClaim({ coverage: aCoverage({ effectiveFrom: '2026-03-03' }), charges: [aCharge()] });
    expect(hitsOf(dosInsideCoverageRule, notYet)[0]?.message).toBe(
      'Line 1 (99213) on 2026-03-02 is outside the Aetna coverage (from 2026-03-03).',
    );
  });
});

describe('timely filing', () => {
  it("passes a claim inside the payer's limit, up to the last day", () => {
    expect(hitsOf(timelyFilingRule, aClaim())).toEqual([]);
    // 2025-12-15 + 90 days = 2026-03-15, today.
    expect(
      hitsOf(
        timelyFilingRule,
        aClaim({
          dosFrom: '2025-12-15',
          dosTo: '2025-12-15',
          charges: [aCharge({ dosFrom: '2025-12-15', dosTo: '2025-12-15' })],
        }),
      ),
    ).toEqual([]);
  });

  it('fails a claim past the limit, counted from the earliest line', () => {
    const claim = aClaim({
      charges: [aCharge(), aCharge({ chargeID: 502, lineNumber: 2, dosFrom: '2025-12-14', dosTo: '2025-12-14' })],
    });
    expect(hitsOf(timelyFilingRule, claim)).toEqual([
      {
        field: 'dosFrom',
        message: 'Aetna takes claims up to 90 days after the date of service; for 2025-12-14 that was 2026-03-14.',
      },
    ]);
  });

  it('gives Medicare 12 calendar months', () => {
    const medicare = aCoverage({
      payer: aPayer({ name: 'Medicare Part B', insuranceType: 'medicare', timelyFilingDays: 365 }),
      subscriberID: '1EG4TE5MK73',
    });
    const onTime = aClaim({
      coverage: medicare,
      dosFrom: '2025-03-15',
      dosTo: '2025-03-15',
      charges: [aCharge({ dosFrom: '2025-03-15', dosTo: '2025-03-15' })],
    });
    expect(hitsOf(timelyFilingRule, onTime)).toEqual([]);
    const late = aClaim({
      coverage: medicare,
      dosFrom: '2025-03-14',
      dosTo: '2025-03-14',
      charges: [aCharge({ dosFrom: '2025-03-14', dosTo: '2025-03-14' })],
    });
    expect(hitsOf(timelyFilingRule, late)).toEqual([
      {
        field: 'dosFrom',
        message:
          'Medicare Part B takes claims up to 12 months after the date of service; for 2025-03-14 that was 2026-03-14.',
      },
    ]);
    expect(hitsOf(timelyFilingRule, late, aContext({ today: '2026-03-14' }))).toEqual([]);
  });
});
