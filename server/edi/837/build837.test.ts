import { describe, expect, it } from 'vitest';
import { build837 } from './build837.ts';
import { Build837Error } from './build837Error.ts';
import type { Claim837 } from './claim837.ts';
import {
  charge,
  coverage,
  dependentClaim,
  DR_WELBY,
  fourLineClaim,
  inpatientClaim,
  institutionalSecondaryClaim,
  KEY_INSURANCE,
  OPTIONS,
  outpatientClaim,
  professionalClaim,
  replacementClaim,
  secondaryClaim,
} from './test/fixtures837.ts';

/** The file as its segments, terminators dropped. */
const segmentsOf = (claims: Claim837[]) =>
  build837(claims, OPTIONS)
    .split('~\n')
    .filter((segment) => segment !== '');

/** The segments from the first one starting with `from` up to (not including) the next starting with `to`. */
function between(segments: string[], from: string, to: string): string[] {
  const start = segments.findIndex((segment) => segment.startsWith(from));
  const end = segments.findIndex((segment, index) => index > start && segment.startsWith(to));
  return segments.slice(start, end < 0 ? undefined : end);
}

function problemsOf(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    if (error instanceof Build837Error)
      return error.problems.map((problem) => `${problem.claimID ?? '-'}: ${problem.message}`);
    throw error;
  }
  throw new Error('no Build837Error');
}

describe('the 837 envelope', () => {
  it('writes ISA, GS, ST and BHT from the options, fixed-width ISA and UTC time', () => {
    const segments = segmentsOf([professionalClaim()]);
    expect(segments.slice(0, 7)).toEqual([
      'ISA*00*          *00*          *ZZ*LAKESIDEMB     *ZZ*66783JJT       *260305*1407*^*00501*000000907*0*T*:',
      'GS*HC*LAKESIDEMB*66783JJT*20260305*1407*41*X*005010X222A1',
      'ST*837*0001*005010X222A1',
      'BHT*0019*00*0000009070001*20260305*1407*CH',
      'NM1*41*2*LAKESIDE MEDICAL BILLING*****46*LAKESIDEMB',
      'PER*IC*JERRY BILLER*TE*3055552222*EM*edi@lakeside.test',
      'NM1*40*2*KEY INSURANCE COMPANY*****46*66783JJT',
    ]);
    expect(segments.slice(-3)).toEqual([`SE*${segments.length - 4}*0001`, 'GE*1*41', 'IEA*1*000000907']);
  });

  it('writes the 837I implementation guide for institutional claims', () => {
    const segments = segmentsOf([outpatientClaim()]);
    expect(segments[1]).toBe('GS*HC*LAKESIDEMB*66783JJT*20260305*1407*41*X*005010X223A2');
    expect(segments[2]).toBe('ST*837*0001*005010X223A2');
  });
});

describe('837P claims', () => {
  it('writes the billing provider, a self subscriber with DMG, the claim, its providers and facility', () => {
    const segments = segmentsOf([fourLineClaim()]);
    expect(between(segments, 'HL*1*', 'LX*1')).toEqual([
      'HL*1**20*1',
      'PRV*BI*PXC*203BF0100Y',
      'NM1*85*2*BEN KILDARE SERVICE*****XX*1912301953',
      'N3*234 SEAWAY ST',
      'N4*MIAMI*FL*331110000',
      'REF*EI*587654321',
      'HL*2*1*22*0',
      'SBR*P*18*2222-SJ******CI',
      'NM1*IL*1*SMITH*JANE****MI*JS00111223333',
      'N3*236 N MAIN ST*APT 4',
      'N4*MIAMI*FL*33413',
      'DMG*D8*19730501*F',
      'NM1*PR*2*KEY INSURANCE COMPANY*****PI*66783JJT',
      'CLM*1001*472.75***11:B:1*Y*A*Y*Y',
      'REF*9F*REF-77',
      'REF*G1*AUTH123',
      'HI*ABK:I10*ABF:E119*ABF:M5450',
      'NM1*DN*1*WELBY*MARCUS****XX*1112223338',
      'NM1*82*1*KILDARE*JAMES****XX*1234567893',
      'PRV*PE*PXC*207Q00000X',
      'NM1*77*2*SEAWAY SURGERY CENTER*****XX*1497758544',
      'N3*10 HARBOR RD',
      'N4*MIAMI*FL*331110001',
      'NM1*DQ*1*CASEY*BEN****XX*1999999984',
    ]);
  });

  it('writes lines with modifiers, pointers into HI, NDC, date ranges, a changed POS and rendering; skips void charges', () => {
    const segments = segmentsOf([fourLineClaim()]);
    expect(between(segments, 'LX*1', 'SE*')).toEqual([
      'LX*1',
      'SV1*HC:99214:25*150*UN*1***1:2',
      'DTP*472*D8*20260210',
      'REF*6R*LC5001',
      'LX*2',
      'SV1*HC:20610:RT:59:XS:GA*220.5*UN*1***3',
      'DTP*472*D8*20260210',
      'REF*6R*LC5002',
      'LX*3',
      'SV1*HC:J1100*12.25*UN*2.5***3:1',
      'DTP*472*D8*20260210',
      'REF*6R*LC5003',
      'LIN**N4*00641036721',
      'CTP****0.75*ML',
      'LX*4',
      'SV1*HC:97110:GP*90*UN*3*22**2',
      'DTP*472*RD8*20260211-20260212',
      'REF*6R*LC5005',
      'NM1*82*1*WELBY*MARCUS****XX*1112223338',
      'PRV*PE*PXC*208D00000X',
    ]);
  });

  it('writes HL 23 with PAT when the patient is not the subscriber, and no DMG for the subscriber', () => {
    const segments = segmentsOf([dependentClaim()]);
    expect(between(segments, 'HL*2*', 'CLM*')).toEqual([
      'HL*2*1*22*1',
      'SBR*P**2222-SJ******CI',
      'NM1*IL*1*SMITH*JANE****MI*JS00111223333',
      'NM1*PR*2*KEY INSURANCE COMPANY*****PI*66783JJT',
      'HL*3*2*23*0',
      'PAT*19',
      'NM1*QC*1*SMITH*TED*Q',
      'N3*236 N MAIN ST',
      'N4*MIAMI*FL*33413',
      'DMG*D8*20120501*M',
    ]);
  });

  it('writes frequency 7 with the original claim number in REF*F8', () => {
    const segments = segmentsOf([replacementClaim()]);
    expect(between(segments, 'CLM*', 'HI*')).toEqual(['CLM*1003*40***11:B:7*Y*A*Y*Y', 'REF*F8*PCN-0042']);
  });

  it('leaves out the claim-level rendering provider when it is the billing provider', () => {
    const claim = professionalClaim({ charges: [charge(1, { renderingProvider: null })] });
    const segments = segmentsOf([{ ...claim, provider: { ...claim.provider, npi: claim.practice.npi } }]);
    expect(segments.some((segment) => segment.startsWith('NM1*82'))).toBe(false);
  });

  it("writes the COB loops of a secondary claim: 2320, 2330A, 2330B and 2430 per paid line, the patient's liability line by line", () => {
    const segments = segmentsOf([secondaryClaim()]);
    expect(segments).toContain('SBR*S*18***43****MB');
    expect(between(segments, 'SBR*P*', 'LX*1')).toEqual([
      'SBR*P*18*G-1******CI',
      'CAS*OA*23*5',
      'AMT*D*70',
      'OI***Y*P**Y',
      'NM1*IL*1*SMITH*JANE****MI*KEY-555',
      'NM1*PR*2*KEY INSURANCE COMPANY*****PI*66783JJT',
    ]);
    expect(between(segments, 'LX*1', 'LX*2')).toEqual([
      'LX*1',
      'SV1*HC:99213*100*UN*1***1',
      'DTP*472*D8*20260210',
      'REF*6R*LC5001',
      'SVD*66783JJT*60*HC:99213**1',
      'CAS*CO*45*20',
      'CAS*PR*1*15**2*5',
      'DTP*573*D8*20260301',
      'AMT*EAF*20',
    ]);
    expect(between(segments, 'LX*2', 'SE*').slice(-4)).toEqual([
      'SVD*66783JJT*10*HC:36415**1',
      'CAS*CO*45*15',
      'DTP*573*D8*20260301',
      'AMT*EAF*0',
    ]);
  });

  it('dates the primary adjudication at claim level when no line carries its own, and tells the liability there', () => {
    const claim = secondaryClaim();
    const primary = claim.primary;
    if (primary === null) throw new Error('fixture has a primary');
    const segments = segmentsOf([
      {
        ...claim,
        primary: {
          ...primary,
          lines: [],
          adjustments: [...primary.adjustments, { groupCode: 'PR', reasonCode: '1', amountCents: 2000 }],
        },
      },
    ]);
    expect(between(segments, 'SBR*P*', 'OI*')).toEqual([
      'SBR*P*18*G-1******CI',
      'CAS*OA*23*5',
      'CAS*PR*1*20',
      'AMT*D*70',
      'AMT*EAF*20',
    ]);
    expect(between(segments, 'NM1*PR*2*KEY', 'LX*1')).toEqual([
      'NM1*PR*2*KEY INSURANCE COMPANY*****PI*66783JJT',
      'DTP*573*D8*20260301',
    ]);
    expect(segments.some((segment) => segment.startsWith('SVD'))).toBe(false);
  });

  it('carries every adjustment group as the payer sent it, six to a CAS, with quantities, each line dated by its own remit', () => {
    const claim = secondaryClaim();
    const reasons = ['1', '2', '3', '4', '5', '6', '7'];
    const segments = segmentsOf([
      {
        ...claim,
        primary: {
          payer: claim.primary!.payer,
          paidCents: 5500,
          paidDate: '2026-03-09',
          patientLiabilityCents: 1600,
          adjustments: [
            { groupCode: 'OA', reasonCode: '23', amountCents: 300 },
            { groupCode: 'PI', reasonCode: '97', amountCents: 200, quantity: 2 },
            { groupCode: 'CR', reasonCode: '94', amountCents: -100 },
            { groupCode: 'PR', reasonCode: '1', amountCents: 1000 },
          ],
          lines: [
            {
              chargeID: 5001,
              paidCents: 4000,
              paidDate: '2026-03-01',
              paidUnits: 2,
              adjustments: reasons.map((reasonCode) => ({ groupCode: 'CO', reasonCode, amountCents: 100 })),
            },
            {
              chargeID: 5002,
              paidCents: 1900,
              paidDate: '2026-03-09',
              adjustments: [{ groupCode: 'PR', reasonCode: '2', amountCents: 600 }],
            },
          ],
        },
      },
    ]);
    expect(between(segments, 'SBR*P*', 'OI*')).toEqual([
      'SBR*P*18*G-1******CI',
      'CAS*OA*23*3',
      'CAS*PI*97*2*2',
      'CAS*CR*94*-1',
      'CAS*PR*1*10',
      'AMT*D*55',
      'AMT*EAF*16',
    ]);
    expect(between(segments, 'SVD*', 'LX*2')).toEqual([
      'SVD*66783JJT*40*HC:99213**2',
      'CAS*CO*1*1**2*1**3*1**4*1**5*1**6*1',
      'CAS*CO*7*1',
      'DTP*573*D8*20260301',
    ]);
    expect(between(segments, 'LX*2', 'SE*').slice(-3)).toEqual([
      'SVD*66783JJT*19*HC:36415**1',
      'CAS*PR*2*6',
      'DTP*573*D8*20260309',
    ]);
    expect(segments.filter((segment) => segment.startsWith('AMT*EAF'))).toEqual(['AMT*EAF*16']);
  });

  it('says why Medicare pays second (SBR05) only on an 837P billing Medicare after another payer, and refuses one without a type', () => {
    expect(segmentsOf([professionalClaim()]).filter((segment) => segment.startsWith('SBR'))).toEqual([
      'SBR*P*18*2222-SJ******CI',
    ]);
    const medicaid = {
      ...KEY_INSURANCE,
      insuranceID: 30,
      name: 'Florida Medicaid',
      payerID: '77027',
      insuranceType: 'medicaid' as const,
    };
    const secondary = secondaryClaim();
    expect(
      segmentsOf([{ ...secondary, coverage: coverage(medicaid, { priority: 2 }), medicareSecondaryType: null }]),
    ).toContain('SBR*S*18*2222-SJ******MC');
    const noType = {
      ...secondary,
      claimID: 11,
      medicareSecondaryType: {
        code: null,
        reason: 'The primary payer Key Insurance Company is Medicaid, which never pays before Medicare.',
      },
    };
    expect(
      problemsOf(() =>
        build837([noType, { ...secondary, claimID: 12, medicareSecondaryType: null }], {
          ...OPTIONS,
          receiver: { id: '00882', name: 'Medicare' },
        }),
      ),
    ).toEqual([
      '11: Medicare is billed as secondary payer, so SBR05 must say why it pays second, and no Medicare secondary payer type fits: The primary payer Key Insurance Company is Medicaid, which never pays before Medicare.',
      '12: Medicare is billed as secondary payer, so SBR05 must say why it pays second, and no Medicare secondary payer type fits.',
    ]);
    const institutional = {
      ...outpatientClaim(),
      coverage: secondary.coverage,
      otherCoverages: secondary.otherCoverages,
      primary: null,
      medicareSecondaryType: null,
    };
    expect(segmentsOf([institutional]).filter((segment) => segment.startsWith('SBR'))).toEqual(['SBR*S*18*******MA']);
  });

  it('keeps delimiters out of names and upper-cases them', () => {
    const claim = professionalClaim();
    const segments = segmentsOf([
      { ...claim, patient: { ...claim.patient, lastName: "o'brien~*smith", firstName: 'ann:marie^' } },
    ]);
    expect(segments).toContain("NM1*IL*1*O'BRIENSMITH*ANNMARIE****MI*JS00111223333");
  });

  it('writes amounts without trailing zeros', () => {
    const claim = professionalClaim({
      charges: [
        charge(1, { chargeCents: 10000 }),
        charge(2, { chargeCents: 10050 }),
        charge(3, { chargeCents: 10025 }),
        charge(4, { chargeCents: 7 }),
      ],
    });
    const amounts = segmentsOf([claim])
      .filter((segment) => segment.startsWith('SV1') || segment.startsWith('CLM'))
      .map((segment) => segment.split('*')[2]);
    expect(amounts).toEqual(['300.82', '100', '100.5', '100.25', '0.07']);
  });
});

describe('837I claims', () => {
  it('writes an outpatient claim: bill type, statement dates, CL1, HI by qualifier, attending, SV2', () => {
    const segments = segmentsOf([outpatientClaim()]);
    expect(between(segments, 'CLM*', 'LX*1')).toEqual([
      'CLM*2001*1470.75***13:A:1**A*Y*Y',
      'DTP*434*RD8*20260210-20260212',
      'CL1*9*9*01',
      'HI*ABK:J029',
      'HI*ABF:Z0000',
      'NM1*71*1*KILDARE*JAMES****XX*1234567893',
      'PRV*AT*PXC*207Q00000X',
      'NM1*77*2*LAKESIDE GENERAL HOSPITAL*****XX*1669452766',
      'N3*1 HOSPITAL WAY',
      'N4*MIAMI*FL*33125',
    ]);
    expect(between(segments, 'LX*3', 'SE*')).toEqual([
      'LX*3',
      'SV2*0636*HC:J1100*40*UN*1',
      'DTP*472*D8*20260210',
      'REF*6R*LC5003',
      'LIN**N4*00641036721',
      'CTP****1*ML',
    ]);
  });

  it('writes an inpatient stay: admission date and hour, CL1, admitting diagnosis, 13 others over two HI, days', () => {
    const segments = segmentsOf([inpatientClaim()]);
    const header = between(segments, 'CLM*', 'NM1*71');
    expect(header.slice(0, 6)).toEqual([
      'CLM*2002*4860.1***11:A:1**A*Y*Y',
      'DTP*434*RD8*20260201-20260204',
      'DTP*435*DT*202602010815',
      'CL1*1*7*01',
      'HI*ABK:I200',
      'HI*ABJ:R079',
    ]);
    expect(header.slice(6).map((segment) => segment.split('*').length - 1)).toEqual([12, 1]);
    expect(segments).toContain('SV2*0120**4500*DA*3');
  });

  it('writes the COB loops of an institutional secondary claim: no SBR05, the liability in 2320, SVD with the revenue code', () => {
    const segments = segmentsOf([institutionalSecondaryClaim()]);
    expect(segments.filter((segment) => segment.startsWith('SBR'))).toEqual([
      'SBR*S*18*******MA',
      'SBR*P*18*G-1******CI',
    ]);
    expect(between(segments, 'SBR*P*', 'NM1*IL')).toEqual([
      'SBR*P*18*G-1******CI',
      'CAS*PR*1*200',
      'AMT*D*1000',
      'AMT*EAF*200',
      'OI***Y***Y',
    ]);
    expect(between(segments, 'LX*1', 'LX*2').slice(-3)).toEqual([
      'SVD*66783JJT*1125*HC:99284:25*0450*1',
      'CAS*CO*45*125',
      'DTP*573*D8*20260301',
    ]);
    expect(segments.filter((segment) => segment.startsWith('AMT*EAF'))).toHaveLength(1);
  });
});

describe('what the writer refuses', () => {
  it('names every claim it cannot write, and the batch problems', () => {
    const noCoverage = professionalClaim({ claimID: 1, coverage: null });
    const badPointer = professionalClaim({ claimID: 2, charges: [charge(1, { diagnosisPointers: [7] })] });
    const allVoid = professionalClaim({ claimID: 3, charges: [charge(1, { chargeStatus: 'void' })] });
    const tooManyModifiers = professionalClaim({
      claimID: 4,
      charges: [charge(1, { modifiers: ['25', '59', 'XS', 'GA', 'GY'] })],
    });
    const noControl = professionalClaim({ claimID: 5, charges: [charge(1, { lineControlNumber: ' ' })] });
    const noOriginal = professionalClaim({ claimID: 6, frequencyCode: '8' });
    const noDiagnosis = professionalClaim({ claimID: 7, diagnoses: [] });
    const orphanPrimary = { ...secondaryClaim(), claimID: 8, otherCoverages: [] };
    const claim = professionalClaim({ claimID: 9 });
    const strangerSubscriber = {
      ...claim,
      coverage: claim.coverage === null ? null : { ...claim.coverage, subscriberRelation: '01' },
    };
    expect(
      problemsOf(() =>
        build837(
          [
            noCoverage,
            badPointer,
            allVoid,
            tooManyModifiers,
            noControl,
            noOriginal,
            noDiagnosis,
            orphanPrimary,
            strangerSubscriber,
          ],
          OPTIONS,
        ),
      ),
    ).toEqual(['8: bills payer 00882; this batch is for payer 66783JJT.']);
    expect(
      problemsOf(() =>
        build837(
          [
            noCoverage,
            badPointer,
            allVoid,
            tooManyModifiers,
            noControl,
            noOriginal,
            noDiagnosis,
            { ...orphanPrimary, coverage: claim.coverage },
            strangerSubscriber,
          ],
          OPTIONS,
        ),
      ),
    ).toEqual([
      '1: no coverage to bill: the claim has no payer.',
      '2: line LC5001 points at diagnosis 7, which the claim does not have.',
      '3: no billable line (every charge is void).',
      '4: line LC5001 has 5 modifiers; at most 4 fit.',
      '5: charge 5001 has no line control number (REF*6R), so its payment could not be matched.',
      "6: frequency 8 (replacement or void) needs the payer's original claim number.",
      '7: no diagnosis: an 837P needs at least the principal diagnosis.',
      "8: the primary payer Key Insurance Company is not among the patient's coverages, so its subscriber cannot be named.",
      '9: the subscriber of Key Insurance Company is not the patient and has no name on the coverage.',
    ]);
  });

  it('refuses mixed kinds, bad control numbers, an empty batch and a submitter without contact', () => {
    expect(problemsOf(() => build837([professionalClaim(), outpatientClaim()], OPTIONS))).toEqual([
      '2001: is institutional; this batch is professional (one kind per file).',
    ]);
    expect(problemsOf(() => build837([], OPTIONS))).toEqual(['-: No claims to write.']);
    expect(
      problemsOf(() =>
        build837([professionalClaim()], {
          ...OPTIONS,
          interchangeControlNumber: 0,
          groupControlNumber: 1e9,
          sender: { ...OPTIONS.sender, phone: null, email: ' ' },
        }),
      ),
    ).toEqual([
      '-: The interchange control number must be a whole number from 1 to 999999999, not 0.',
      '-: The group control number must be a whole number from 1 to 999999999, not 1000000000.',
      '-: The submitter needs a phone number or an e-mail address (loop 1000A PER).',
    ]);
  });

  it('refuses an inpatient claim without its admission, a line without a revenue code, too many diagnoses', () => {
    const inpatient = { ...inpatientClaim(), admission: null };
    const outpatient = outpatientClaim();
    const noRevenue = { ...outpatient, charges: [charge(1, { revenueCode: null })] };
    const crowded = {
      ...outpatient,
      claimID: 2003,
      diagnoses: Array.from({ length: 26 }, (_, index) => ({ sequence: index + 1, icdCode: `R${10 + index}` })),
    };
    expect(problemsOf(() => build837([inpatient, noRevenue, crowded], OPTIONS))).toEqual([
      '2002: bill type 111 is inpatient: the claim needs its admission date, type and patient status.',
      '2001: line LC5001 has no revenue code: an 837I line needs one.',
      '2003: 25 other diagnoses: an 837I carries at most 24 besides the principal.',
    ]);
  });

  it('does not bill a line rendered by the claim provider as a separate rendering provider', () => {
    const segments = segmentsOf([
      professionalClaim({ charges: [charge(1, { renderingProvider: DR_WELBY }), charge(2)] }),
    ]);
    expect(segments.filter((segment) => segment.startsWith('NM1*82'))).toEqual([
      'NM1*82*1*KILDARE*JAMES****XX*1234567893',
      'NM1*82*1*WELBY*MARCUS****XX*1112223338',
    ]);
  });
});
