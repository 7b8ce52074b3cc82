import { describe, expect, it } from 'vitest';
import type { PrimaryAdjudication } from '../claims/billingClaim.ts';
import { medicareSecondaryChoice } from '../claims/medicareSecondary.ts';
import { aClaim, aCoverage, aPayer, hitsOf } from './ruleTestKit.ts';
import { medicareSecondaryTypeRule, primaryAdjudicationFromLedgerRule, primaryAdjudicationRule } from './secondary.ts';

const AETNA = aPayer();
const MEDICAID = aPayer({
  insuranceID: 31,
  name: 'Texas Medicaid (TMHP)',
  payerID: '617591011',
  insuranceType: 'medicaid',
});
const MEDICARE = aPayer({ insuranceID: 32, name: 'Medicare Part B', payerID: '04412', insuranceType: 'medicare' });
const answered: PrimaryAdjudication = {
  payer: AETNA,
  source: 'remit',
  paidCents: 8_000,
  paidDate: '2026-03-10',
  patientLiabilityCents: 0,
  adjustments: [],
  lines: [
    { chargeID: 501, paidCents: 8_000, adjustments: [{ groupCode: 'CO', reasonCode: '45', amountCents: 4_500 }] },
  ],
};

describe("secondary claims carry the primary's adjudication", () => {
  const secondary = aCoverage({ priority: 2, payer: MEDICAID });

  it('passes a primary claim, and a secondary claim with the primary posted', () => {
    expect(hitsOf(primaryAdjudicationRule, aClaim())).toEqual([]);
    expect(
      hitsOf(
        primaryAdjudicationRule,
        aClaim({ coverage: secondary, primary: answered, originalClaim: { claimID: 41, payer: AETNA } }),
      ),
    ).toEqual([]);
  });

  it('refuses a crossover claim whose primary has no standing remit, naming the payer and the claim to post it on', () => {
    expect(
      hitsOf(primaryAdjudicationRule, aClaim({ coverage: secondary, originalClaim: { claimID: 41, payer: AETNA } })),
    ).toEqual([
      {
        field: 'primary',
        message:
          'The claim bills Texas Medicaid (TMHP) as secondary payer, but the primary payer Aetna has no posted ERA and no keyed EOB standing on claim 41. ' +
          "Post the primary payer's ERA or key its EOB on claim 41, then scrub again.",
      },
    ]);
    const tertiary = aCoverage({ priority: 3, payer: MEDICAID });
    expect(
      hitsOf(
        primaryAdjudicationRule,
        aClaim({ coverage: tertiary, originalClaim: { claimID: 42, payer: MEDICARE } }),
      )[0]?.message,
    ).toBe(
      "The claim bills Texas Medicaid (TMHP) as tertiary payer, but the prior payer Medicare Part B has no posted ERA and no keyed EOB standing on claim 42. Post the prior payer's ERA or key its EOB on claim 42, then scrub again.",
    );
  });

  it('refuses a secondary claim that was not crossed over from a claim billed to the primary', () => {
    expect(hitsOf(primaryAdjudicationRule, aClaim({ coverage: secondary, otherCoverages: [aCoverage()] }))).toEqual([
      {
        field: 'primary',
        message:
          'The claim bills Texas Medicaid (TMHP) as secondary payer but was not made from a claim billed to the primary payer Aetna, so there is no remit to carry. ' +
          'Bill the primary payer Aetna first, then use "Create crossover claim" on that claim once its remit is posted.',
      },
    ]);
    expect(
      hitsOf(primaryAdjudicationRule, aClaim({ coverage: secondary, originalClaim: { claimID: 43, payer: null } }))[0]
        ?.message,
    ).toBe(
      "The claim bills Texas Medicaid (TMHP) as secondary payer, but claim 43, which it was made from, names no payer, so there is no primary payer's remit to carry.",
    );
  });

  it('warns that an adjudication posted by hand before EOBs were kept is carried as the ledger has it', () => {
    expect(hitsOf(primaryAdjudicationFromLedgerRule, aClaim({ coverage: secondary, primary: answered }))).toEqual([]);
    expect(
      hitsOf(
        primaryAdjudicationFromLedgerRule,
        aClaim({
          coverage: secondary,
          primary: { ...answered, source: 'ledger' },
          originalClaim: { claimID: 41, payer: AETNA },
        }),
      ),
    ).toEqual([
      {
        field: 'primary',
        message:
          "The primary payer Aetna's answer on claim 41 was posted by hand before EOBs were kept, so this claim carries it as the ledger has it: " +
          "payments, CO adjustments and the patient's share (recomputed), without any OA, PI or CR adjustment.",
      },
    ]);
  });
});

describe('Medicare secondary payer type (SBR05)', () => {
  const onMedicare = (primaryPayer: typeof AETNA | null, dateOfBirth = '1980-02-03') => {
    const base = aClaim();
    return aClaim({
      coverage: aCoverage({ priority: 2, payer: MEDICARE }),
      otherCoverages: primaryPayer === null ? [] : [aCoverage({ payer: primaryPayer })],
      patient: { ...base.patient, dateOfBirth },
      dosFrom: '2026-03-02',
    });
  };

  it('reads the type from the primary coverage: a group health plan is 12 from 65, 43 below; auto 14, workers comp 15, TRICARE 16', () => {
    const choose = (claim: ReturnType<typeof onMedicare>) => medicareSecondaryChoice(claim, null);
    expect(choose(onMedicare(AETNA, '1955-03-02'))).toEqual({
      code: '12',
      description: 'working aged beneficiary or spouse with an employer group health plan',
      reason:
        'The primary payer Aetna is an employer group health plan (commercial) and the patient is 65 or older on 2026-03-02.',
    });
    expect(choose(onMedicare(AETNA, '1961-03-03'))).toMatchObject({
      code: '43',
      reason: expect.stringContaining('under 65 on 2026-03-02') as unknown,
    });
    expect(choose(onMedicare(aPayer({ insuranceType: 'bcbs' }), '1950-01-01'))?.code).toBe('12');
    expect(choose(onMedicare(aPayer({ insuranceType: 'auto', name: 'Geico' })))?.code).toBe('14');
    expect(choose(onMedicare(aPayer({ insuranceType: 'workers_comp' })))?.code).toBe('15');
    expect(choose(onMedicare(aPayer({ insuranceType: 'tricare' })))?.code).toBe('16');
    // The original claim's payer stands in when the primary coverage is no longer on file.
    expect(medicareSecondaryChoice(onMedicare(null, '1950-01-01'), AETNA)?.code).toBe('12');
  });

  it('chooses nothing for a claim that does not bill Medicare after another payer', () => {
    expect(medicareSecondaryChoice(aClaim(), AETNA)).toBeNull();
    expect(medicareSecondaryChoice(aClaim({ coverage: aCoverage({ payer: MEDICARE }) }), null)).toBeNull();
    expect(
      medicareSecondaryChoice(
        aClaim({ coverage: aCoverage({ priority: 2, payer: MEDICAID }), otherCoverages: [aCoverage()] }),
        AETNA,
      ),
    ).toBeNull();
  });

  it('refuses Medicare billed after Medicaid, or after no primary at all', () => {
    const afterMedicaid = onMedicare(MEDICAID);
    const choice = medicareSecondaryChoice(afterMedicaid, null);
    expect(choice).toEqual({
      code: null,
      description: null,
      reason:
        "The primary payer Texas Medicaid (TMHP) is Medicaid, which never pays before Medicare: put Medicare first in the patient's coverage order.",
    });
    expect(hitsOf(medicareSecondaryTypeRule, { ...afterMedicaid, medicareSecondaryType: choice })).toEqual([
      {
        field: 'coverage.payer.insuranceType',
        message: `The claim bills Medicare after another payer, and no Medicare secondary payer type fits. ${choice?.reason ?? ''}`,
      },
    ]);
    expect(medicareSecondaryChoice(onMedicare(null), null)?.reason).toBe(
      'No primary coverage is on file for the patient on 2026-03-02, so why Medicare pays second cannot be told: add the primary coverage, or bill Medicare as primary.',
    );
    const fits = onMedicare(AETNA);
    expect(
      hitsOf(medicareSecondaryTypeRule, { ...fits, medicareSecondaryType: medicareSecondaryChoice(fits, null) }),
    ).toEqual([]);
    expect(hitsOf(medicareSecondaryTypeRule, aClaim())).toEqual([]);
  });
});
