import { describe, expect, it } from 'vitest';
import { addDiagnosis, emptyClaim, emptyLine, formErrors, formTotal, keptChargeBatch, lineErrors, removeDiagnosis, repriced, saveRequest, type ClaimDraft } from './claimFormLogic.ts';

const filled = (): ClaimDraft => ({
  ...emptyClaim('2026-02-02'),
  patientID: 7,
  providerID: '3',
  patientInsuranceID: '11',
  diagnoses: [
    { code: 'E119', description: null },
    { code: 'I10', description: null },
  ],
  lines: [
    { ...emptyLine(), cptCode: '99213', modifiers: ['25', '', '', ''], amount: '120.00', pointers: '1 2' },
    { ...emptyLine(), cptCode: 'j1100', units: '2', pointers: '2', ndcCode: '00409-4888-01' },
    emptyLine(),
  ],
});

describe('a charge line of the claim form', () => {
  it('names each wrong field: code, modifier, units, amount, pointers past the diagnoses, POS and NDC', () => {
    const line = { ...emptyLine(), cptCode: '9921', modifiers: ['2', '', '', ''], units: '0', amount: 'abc', pointers: '1 3', posCode: '1', ndcCode: '123' };
    expect(lineErrors(line, 2)).toEqual({
      cptCode: 'A CPT code (5 digits) or a HCPCS code (a letter and 4 digits).',
      modifiers: '2 is not a modifier: two letters or digits, like 25 or LT.',
      units: 'Units: a whole number from 1 to 9999.',
      amount: 'An amount above $0.00, like 125.00.',
      pointers: '3 is not a diagnosis: 1 to 2.',
      posCode: 'Two digits, like 11; empty takes the claim’s.',
      ndcCode: 'An NDC has 11 digits (5-4-2).',
    });
    expect(lineErrors({ ...emptyLine(), cptCode: '99213', pointers: '1 1' }, 2)).toEqual({ pointers: 'Each diagnosis once.' });
    expect(lineErrors({ ...emptyLine(), cptCode: '99213', pointers: '1 2 3 4 5' }, 12)).toEqual({ pointers: 'Point at 1 to 4 diagnoses.' });
    expect(lineErrors({ ...emptyLine(), cptCode: 'J1100' }, 0)).toEqual({ pointers: 'Add a diagnosis first.' });
    expect(lineErrors({ ...emptyLine(), cptCode: 'J1100', amount: '15', pointers: '1,2' }, 2)).toEqual({});
  });

  it('follows its units with the fee until the biller types an amount', () => {
    const priced = repriced({ ...emptyLine(), cptCode: '36415', feeCents: 1500, units: '3' });
    expect(priced.amount).toBe('45.00');
    expect(repriced({ ...priced, amount: '20.00', amountTyped: true, units: '4' }).amount).toBe('20.00');
    expect(repriced({ ...priced, units: 'x' }).amount).toBe('45.00');
  });
});

describe('the claim form', () => {
  it('asks for patient, provider, dates, diagnoses and a line before it saves; blank lines do not count', () => {
    const empty = { ...emptyClaim('2026-02-02'), dosTo: '2026-02-01' };
    expect(formErrors(empty)).toEqual({
      patient: 'Pick the patient: type a name or account number.',
      providerID: 'Pick the rendering provider.',
      dosTo: 'Before the first date of service.',
      diagnoses: 'Add at least one diagnosis.',
      lines: 'Add at least one charge line.',
    });
    expect(formErrors({ ...filled(), frequencyCode: '7', dosFrom: '2026-02-30' })).toEqual({
      dosFrom: 'A date as YYYY-MM-DD.',
      originalClaimNumber: 'A replacement or void names the original claim.',
    });
    expect(formErrors({ ...filled(), lines: [{ ...emptyLine(), cptCode: '99213', pointers: '4' }] })).toEqual({ 'line.0.pointers': '4 is not a diagnosis: 1 to 2.' });
    expect(formErrors(filled())).toEqual({});
  });

  it('adds diagnoses once, up to 12, and moves the lines’ pointers up when one is removed', () => {
    let draft = filled();
    expect(addDiagnosis(draft, 'e11.9', null).refusal).toBe('E119 is on the claim already.');
    expect(addDiagnosis(draft, 'hello', null).refusal).toBe('hello is not an ICD-10-CM code (like E11.9).');
    draft = addDiagnosis(draft, 'Z00.00', 'General exam').draft;
    expect(draft.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['E119', 'I10', 'Z0000']);
    draft = { ...draft, lines: [{ ...emptyLine(), cptCode: '99213', pointers: '1 2 3' }] };
    expect(removeDiagnosis(draft, 0).lines[0]?.pointers).toBe('1 2');
    const full = { ...draft, diagnoses: Array.from({ length: 12 }, (_, index) => ({ code: `A0${index}`, description: null })) };
    expect(addDiagnosis(full, 'I10', null).refusal).toBe('A claim takes at most 12 diagnoses.');
  });

  it('sends the lines as the server takes them: modifiers without gaps, NDC digits, no amount to price from the schedule', () => {
    const request = saveRequest(filled());
    expect(request).toMatchObject({ patientID: 7, providerID: 3, patientInsuranceID: 11, facilityID: null, posCode: '11', icds: ['E119', 'I10'], originalClaimNumber: null });
    expect(request.lines).toEqual([
      { cptCode: '99213', modifiers: ['25'], units: 1, diagnosisPointers: [1, 2], chargeCents: 12000, posCode: null },
      { cptCode: 'J1100', modifiers: [], units: 2, diagnosisPointers: [2], posCode: null, ndcCode: '00409488801' },
    ]);
    expect(formTotal(filled())).toEqual({ text: '$120.00', unpriced: 1 });
  });

  it('sends the charge batch picked, or null for none', () => {
    expect(saveRequest(filled()).chargeBatchID).toBeNull();
    expect(saveRequest({ ...filled(), chargeBatchID: '42' }).chargeBatchID).toBe(42);
  });

  it('keeps a picked charge batch only while the practice offers it, or while it is the claim’s own', () => {
    expect(keptChargeBatch('42', [41, 42], null)).toBe('42');
    // Another patient, of another practice: its batches do not hold the one picked.
    expect(keptChargeBatch('42', [7], null)).toBe('');
    // The claim's own batch, closed since, stays as it is until the biller picks another.
    expect(keptChargeBatch('42', [7], 42)).toBe('42');
    expect(keptChargeBatch('', [7], 42)).toBe('');
  });
});
