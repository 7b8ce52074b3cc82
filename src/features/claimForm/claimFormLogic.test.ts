import { describe, expect, it } from 'vitest';
import { saveClaimFormRequestSchema } from '../../../contract/claimForm.ts';
import {
  addDiagnosis,
  draftChanged,
  draftFromClaim,
  emptyClaim,
  emptyLine,
  formErrors,
  formTotal,
  keptChargeBatch,
  removeDiagnosis,
  repriced,
  saveRequest,
  type ClaimDraft,
} from './claimFormLogic.ts';

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

/** What the contract's schema says about a request (the server's words). */
function serverSays(request: unknown): string[] {
  const checked = saveClaimFormRequestSchema.safeParse(request);
  return checked.success ? [] : checked.error.issues.map((issue) => issue.message);
}

describe('a charge line of the claim form', () => {
  it('names each wrong field in the words of the contract’s schema, the server’s words', () => {
    const line = {
      ...emptyLine(),
      cptCode: '9921',
      modifiers: ['2', '', '', ''],
      units: '0',
      amount: '0',
      pointers: '1 3',
      posCode: '1',
      ndcCode: '123',
    };
    const errors = formErrors({ ...filled(), lines: [line] });
    expect(errors).toEqual({
      'line.0.cptCode':
        'Enter a CPT code (5 digits, or 4 digits and F, T or U) or a HCPCS code (a letter A to V and 4 digits).',
      'line.0.modifiers': 'A modifier is two letters or digits, like 25 or LT.',
      'line.0.units': 'Units must be a whole number from 1 to 9999.',
      'line.0.amount': 'A charge is more than $0.00.',
      'line.0.pointers': 'Line 1: pointer 3 points past the 2 diagnoses.',
      'line.0.posCode': 'A place of service is a 2-digit code, like 11.',
      'line.0.ndcCode': 'An NDC is 11 digits (5-4-2), like 00409488801.',
    });
    // One set of messages: each is what the server itself answers for the same request.
    const said = serverSays(saveRequest({ ...filled(), lines: [line] }));
    for (const message of Object.values(errors)) expect(said).toContain(message);
  });

  it('says what the request cannot carry itself: an amount or pointers that are not numbers', () => {
    expect(
      formErrors({ ...filled(), lines: [{ ...emptyLine(), cptCode: '99213', amount: 'abc', pointers: '1 x' }] }),
    ).toEqual({
      'line.0.amount': 'An amount in dollars, like 125.00; empty takes the fee schedule’s.',
      'line.0.pointers': 'Diagnosis numbers separated by spaces, like 1 2.',
    });
    expect(
      formErrors({ ...filled(), lines: [{ ...emptyLine(), cptCode: '99213', units: 'two', pointers: '1 1' }] }),
    ).toEqual({
      'line.0.units': 'Units must be a whole number from 1 to 9999.',
      'line.0.pointers': 'A line points at each diagnosis only once.',
    });
    expect(
      formErrors({ ...filled(), lines: [{ ...emptyLine(), cptCode: '99213', pointers: '1 2 3 4 5' }] })[
        'line.0.pointers'
      ],
    ).toBe('Point the line at 1 to 4 diagnoses.');
    expect(
      formErrors({ ...filled(), lines: [{ ...emptyLine(), cptCode: 'J1100', amount: '15', pointers: '1,2' }] }),
    ).toEqual({});
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
    const empty = { ...emptyClaim('2026-02-02'), dosTo: '02/01/2026' };
    expect(formErrors(empty)).toEqual({
      patient: 'Pick the patient: type a name or account number.',
      providerID: 'Pick the rendering provider.',
      dosTo: 'The last date of service is before the first.',
      diagnoses: 'A claim needs at least one diagnosis.',
      lines: 'A claim needs at least one charge line.',
    });
    expect(formErrors({ ...filled(), frequencyCode: '7', dosFrom: '02/30/2026' })).toEqual({
      dosFrom: 'A date as MM/DD/YYYY, like 11/03/2026.',
      originalClaimNumber: 'A replacement (7) or void (8) names the original claim number.',
    });
    expect(formErrors({ ...filled(), posCode: '1' })).toEqual({
      posCode: 'A place of service is a 2-digit code, like 11.',
    });
    expect(formErrors({ ...filled(), lines: [{ ...emptyLine(), cptCode: '99213', pointers: '4' }] })).toEqual({
      'line.0.pointers': 'Line 1: pointer 4 points past the 2 diagnoses.',
    });
    expect(formErrors(filled())).toEqual({});
  });

  it('shows and takes dates as MM/DD/YYYY and sends them as YYYY-MM-DD', () => {
    expect(emptyClaim('2026-02-02')).toMatchObject({ dosFrom: '02/02/2026', dosTo: '02/02/2026' });
    expect(saveRequest({ ...filled(), dosFrom: '11/3/2026', dosTo: '11032026' })).toMatchObject({
      dosFrom: '2026-11-03',
      dosTo: '2026-11-03',
    });
    expect(formErrors({ ...filled(), dosFrom: '11/3/26', dosTo: '11/04/2026' })).toEqual({});
    const stored = draftFromClaim({
      claim: {
        claimID: 4,
        patientID: 7,
        patientName: 'SMITH, JANE',
        accountNumber: 'A1',
        patientInsuranceID: null,
        providerID: 3,
        referringProviderID: null,
        supervisingProviderID: null,
        facilityID: null,
        posCode: '11',
        dosFrom: '2026-01-31',
        dosTo: '2026-02-01',
        frequencyCode: '1',
        originalClaimNumber: null,
        priorAuthorizationNumber: null,
        referralNumber: null,
        chargeBatchID: null,
      },
      diagnoses: [],
      lines: [],
      readOnlyReason: null,
    } as unknown as Parameters<typeof draftFromClaim>[0]);
    expect(stored).toMatchObject({ dosFrom: '01/31/2026', dosTo: '02/01/2026' });
  });

  it('knows when the biller changed the form, not when only its look-ups did', () => {
    const opened = filled();
    expect(
      draftChanged(
        { ...opened, lines: opened.lines.map((line) => ({ ...line, feeCents: 1_500, key: `${line.key}-again` })) },
        opened,
      ),
    ).toBe(false);
    expect(draftChanged({ ...opened, referralNumber: 'R-1' }, opened)).toBe(true);
  });

  it('adds diagnoses once, up to 12, and moves the lines’ pointers up when one is removed', () => {
    let draft = filled();
    expect(addDiagnosis(draft, 'e11.9', null).refusal).toBe('E11.9: Each diagnosis goes on the claim once.');
    expect(addDiagnosis(draft, 'hello', null).refusal).toBe(
      'HELLO: An ICD-10-CM code is a letter, a digit, then 1 to 5 letters or digits (e.g. E11.9).',
    );
    draft = addDiagnosis(draft, 'Z00.00', 'General exam').draft;
    expect(draft.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['E119', 'I10', 'Z0000']);
    draft = { ...draft, lines: [{ ...emptyLine(), cptCode: '99213', pointers: '1 2 3' }] };
    expect(removeDiagnosis(draft, 0).lines[0]?.pointers).toBe('1 2');
    const full = {
      ...draft,
      diagnoses: Array.from({ length: 12 }, (_, index) => ({ code: `A0${index}`, description: null })),
    };
    expect(addDiagnosis(full, 'Z00.01', null).refusal).toBe('Z00.01: A claim takes at most 12 diagnoses.');
  });

  it('sends the lines as the server takes them: modifiers without gaps, NDC digits, no amount to price from the schedule', () => {
    const request = saveRequest(filled());
    expect(request).toMatchObject({
      patientID: 7,
      providerID: 3,
      patientInsuranceID: 11,
      facilityID: null,
      posCode: '11',
      icds: ['E119', 'I10'],
      originalClaimNumber: null,
    });
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
