import { describe, expect, it } from 'vitest';
import { emptyClaim, emptyLine, formErrors, saveRequest, type ClaimDraft } from './claimFormLogic.ts';
import { emptyInstitutional } from './institutionalDraft.ts';

const ub04 = (): ClaimDraft => {
  const ub = emptyInstitutional();
  ub.occurrences[0] = { code: '11', date: '1/30/26' };
  ub.values[0] = { code: '80', amount: '3' };
  return {
    ...emptyClaim('2026-02-04'),
    claimType: 'institutional',
    patientID: 7,
    providerID: '3',
    dosFrom: '02/01/2026',
    dosTo: '02/04/2026',
    diagnoses: [
      { code: 'E119', description: null },
      { code: 'I10', description: null },
    ],
    ub: {
      ...ub,
      billType: '11',
      admissionDate: '02/01/2026',
      admissionHour: '08',
      admissionType: '1',
      admissionSource: '2',
      dischargeHour: '14',
      patientStatus: '01',
      poa: ['Y', ''],
      conditionCodes: '01, 17',
    },
    lines: [{ ...emptyLine(), cptCode: '99223', amount: '1500.00', revenueCode: '120', nonCovered: '5' }],
  };
};

describe('the UB-04 section of the claim form', () => {
  it('sends the UB-04 fields as the contract takes them: dates, amounts in cents, POA up to the last reported', () => {
    expect(formErrors(ub04())).toEqual({});
    const request = saveRequest(ub04());
    expect(request.claimType).toBe('institutional');
    expect(request.institutional).toMatchObject({
      billType: '11',
      admissionDate: '2026-02-01',
      poa: ['Y'],
      conditionCodes: ['01', '17'],
      occurrenceCodes: [{ code: '11', date: '2026-01-30' }],
      occurrenceSpans: [],
      valueCodes: [{ code: '80', amountCents: 300 }],
    });
    expect(request.lines[0]).toMatchObject({ revenueCode: '0120', nonCoveredCents: 500 });
  });

  it('says under the field what an inpatient bill lacks, in the server’s words', () => {
    const draft = ub04();
    const errors = formErrors({ ...draft, ub: { ...draft.ub, admissionDate: '', dischargeHour: '' } });
    expect(errors['ub.admissionDate']).toBe('Bill type 11x is inpatient: it needs the admission date.');
    const final = formErrors({ ...draft, ub: { ...draft.ub, dischargeHour: '' } });
    expect(final['ub.dischargeHour']).toBe('A final inpatient claim (bill type 111) needs the discharge hour.');
    expect(formErrors({ ...draft, ub: { ...draft.ub, billType: '' } })['ub.billType']).toContain('The type of bill is');
  });

  it('sends no UB-04 fields on a professional claim', () => {
    const request = saveRequest({ ...ub04(), claimType: 'professional', frequencyCode: '1' });
    expect(request.institutional).toBeNull();
    expect(request.lines[0]).not.toHaveProperty('revenueCode');
  });
});
