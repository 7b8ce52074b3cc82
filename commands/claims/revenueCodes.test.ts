import { describe, expect, it } from 'vitest';
import { revenueCodeAnswer } from './revenueCodes.ts';

describe('the revenue code a procedure takes on the claim', () => {
  const payer = {
    cptRevenueCrosswalkID: 2,
    revenueCode: '0260',
    description: 'IV Therapy - General',
    source: 'payer' as const,
    insuranceID: 5,
    insuranceName: 'Aetna',
  };
  const practice = {
    ...payer,
    cptRevenueCrosswalkID: 1,
    revenueCode: '0510',
    description: 'Clinic - General',
    source: 'practice' as const,
    insuranceID: null,
    insuranceName: null,
  };

  it('names the code, its words and the payer whose entry gave it, and the practice-wide one beside', () => {
    expect(
      revenueCodeAnswer({
        cptCode: '96372',
        insuranceID: 5,
        revenueCode: '0260',
        description: 'IV Therapy - General',
        codes: [payer, practice],
      }),
    ).toEqual({
      text: '96372 takes revenue code 0260 IV Therapy - General (Aetna’s own entry).',
      detail: 'Also in the crosswalk: 0510 (practice-wide).',
    });
    expect(
      revenueCodeAnswer({
        cptCode: '96372',
        insuranceID: null,
        revenueCode: '0510',
        description: 'Clinic - General',
        codes: [practice],
      }).text,
    ).toBe('96372 takes revenue code 0510 Clinic - General (the practice-wide entry).');
  });

  it('says a line needs its code typed when the crosswalk has none', () => {
    expect(
      revenueCodeAnswer({ cptCode: '99213', insuranceID: 5, revenueCode: null, description: null, codes: [] }).text,
    ).toBe("99213 has no revenue code in the practice's crosswalk.");
  });
});
