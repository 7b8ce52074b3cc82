import { describe, expect, it } from 'vitest';
import { diagnosisRequiredRule, icdBillableRule, icdFormatRule } from './diagnoses.ts';
import { diagnosisPointersRule } from './pointers.ts';
import { aCharge, aClaim, aContext, hitsOf } from './ruleTestKit.ts';

describe('at least one diagnosis', () => {
  it('passes a claim with diagnoses', () => {
    expect(hitsOf(diagnosisRequiredRule, aClaim())).toEqual([]);
  });

  it('fails a claim without any', () => {
    expect(hitsOf(diagnosisRequiredRule, aClaim({ diagnoses: [] }))).toEqual([
      { field: 'diagnoses', message: 'The claim has no diagnosis code.' },
    ]);
  });
});

describe('ICD-10-CM format', () => {
  it('passes codes of 3 to 7 characters, also with a letter third (C4A)', () => {
    expect(
      hitsOf(
        icdFormatRule,
        aClaim({
          diagnoses: [
            { sequence: 1, icdCode: 'C4A0' },
            { sequence: 2, icdCode: 'S52521A' },
            { sequence: 3, icdCode: 'I10' },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('points at a code with a dot, an ICD-9 code and a lower-case code', () => {
    const claim = aClaim({
      diagnoses: [
        { sequence: 1, icdCode: 'E11.9' },
        { sequence: 2, icdCode: '250.00' },
        { sequence: 3, icdCode: 'e119' },
      ],
    });
    expect(hitsOf(icdFormatRule, claim)).toEqual([
      { field: 'diagnoses[0]', message: 'Diagnosis 1, "E11.9", is written with a dot.' },
      { field: 'diagnoses[1]', message: 'Diagnosis 2, "250.00", is written with a dot.' },
      { field: 'diagnoses[2]', message: 'Diagnosis 3, "e119", is not an ICD-10-CM code.' },
    ]);
  });
});

describe('ICD-10-CM billable code', () => {
  it('passes billable codes of the fiscal year of the date of service', () => {
    expect(hitsOf(icdBillableRule, aClaim())).toEqual([]);
  });

  it('fails a category heading and a code missing from the list', () => {
    const claim = aClaim({
      diagnoses: [
        { sequence: 1, icdCode: 'E11' },
        { sequence: 2, icdCode: 'E1199' },
      ],
    });
    expect(hitsOf(icdBillableRule, claim)).toEqual([
      {
        field: 'diagnoses[0]',
        message: 'Diagnosis 1, E11, is a category heading in the FY2026 ICD-10-CM list, not a billable code.',
      },
      {
        field: 'diagnoses[1]',
        message:
          'Diagnosis 2, E1199, is not in the FY2026 ICD-10-CM list that applies to the date of service 2026-03-02.',
      },
    ]);
  });

  it('checks a claim crossing October 1 against both years, and only the format when a year is not loaded', () => {
    const crossing = aClaim({ dosFrom: '2026-09-30', dosTo: '2026-10-01' });
    expect(hitsOf(icdBillableRule, crossing).map((hit) => hit.message)).toEqual([
      'Diagnosis 1, E119, is not in the FY2027 ICD-10-CM list that applies to the date of service 2026-10-01.',
      'Diagnosis 2, I10, is not in the FY2027 ICD-10-CM list that applies to the date of service 2026-10-01.',
    ]);
    expect(hitsOf(icdBillableRule, aClaim({ dosFrom: '2024-05-01', dosTo: '2024-05-01' }), aContext())).toEqual([]);
  });
});

describe('diagnosis pointers', () => {
  it('passes lines pointing at 1 to 4 existing diagnoses', () => {
    expect(hitsOf(diagnosisPointersRule, aClaim())).toEqual([]);
  });

  it('fails a line without pointers, with too many, or pointing past the diagnoses', () => {
    const claim = aClaim({
      charges: [
        aCharge({ diagnosisPointers: [] }),
        aCharge({ chargeID: 502, lineNumber: 2, diagnosisPointers: [1, 2, 1, 2, 1] }),
        aCharge({ chargeID: 503, lineNumber: 3, cptCode: '36415', diagnosisPointers: [1, 3] }),
      ],
    });
    expect(hitsOf(diagnosisPointersRule, claim)).toEqual([
      { field: 'charges[0].diagnosisPointers', chargeID: 501, message: 'Line 1 (99213) points at no diagnosis.' },
      {
        field: 'charges[1].diagnosisPointers',
        chargeID: 502,
        message: 'Line 2 (99213) points at 5 diagnoses; a line takes at most 4.',
      },
      {
        field: 'charges[2].diagnosisPointers',
        chargeID: 503,
        message: 'Line 3 (36415) points at diagnosis 3, but the claim has 2 diagnoses.',
      },
    ]);
  });

  it('skips void lines and institutional claims', () => {
    expect(
      hitsOf(
        diagnosisPointersRule,
        aClaim({
          charges: [
            aCharge({ diagnosisPointers: [], chargeStatus: 'void' }),
            aCharge({ chargeID: 502, lineNumber: 2 }),
          ],
        }),
      ),
    ).toEqual([]);
    expect(
      hitsOf(
        diagnosisPointersRule,
        aClaim({ claimType: 'institutional', charges: [aCharge({ diagnosisPointers: [] })] }),
      ),
    ).toEqual([]);
  });
});
