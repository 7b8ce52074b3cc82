import { describe, expect, it } from 'vitest';
import { emptyClaim } from './claimFormLogic.ts';
import { filledFromLastClaim } from './fillFromLastClaim.ts';

const last = {
  patientID: 7,
  fromClaimID: 41,
  fromDos: '2026-06-01',
  patientInsuranceID: 3,
  providerID: 5,
  referringProviderID: 9,
  supervisingProviderID: null,
  facilityID: 2,
  posCode: '11',
  icds: ['E119', 'I10'],
};

describe("a new claim filled from the patient's last claim", () => {
  it('fills the empty fields and the diagnoses when none are typed', () => {
    const filled = filledFromLastClaim({ ...emptyClaim('11/22/2026'), patientID: 7, posCode: '' }, last);
    expect(filled).toMatchObject({
      patientInsuranceID: '3',
      providerID: '5',
      referringProviderID: '9',
      supervisingProviderID: '',
      facilityID: '2',
      posCode: '11',
    });
    expect(filled.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['E119', 'I10']);
  });

  it('keeps what the biller typed', () => {
    const typed = {
      ...emptyClaim('11/22/2026'),
      patientID: 7,
      providerID: '8',
      posCode: '22',
      diagnoses: [{ code: 'J069', description: null }],
    };
    const filled = filledFromLastClaim(typed, last);
    expect(filled).toMatchObject({ providerID: '8', posCode: '22', facilityID: '2' });
    expect(filled.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['J069']);
  });
});
