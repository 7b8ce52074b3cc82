import { describe, expect, it } from 'vitest';
import { npiCheckDigit, npiCheckDigitRule, npiEntityTypeRule, npiProblem } from './npi.ts';
import { aCharge, aClaim, aProvider, hitsOf } from './ruleTestKit.ts';

describe('NPI check digit', () => {
  it('computes the Luhn digit with the 80840 prefix (CMS worked example)', () => {
    expect(npiCheckDigit('123456789')).toBe(3);
    for (const npi of ['1234567893', '1245319599', '1003000126', '2000000002']) expect(npiProblem(npi), npi).toBeNull();
  });

  it('explains what is wrong with a bad NPI', () => {
    expect(npiProblem('1234567890')).toBe('has a wrong check digit (the last digit should be 3)');
    expect(npiProblem('123456789')).toBe('is not 10 digits');
    expect(npiProblem('3234567893')).toBe('does not start with 1 (a person) or 2 (an organization)');
    expect(npiProblem(' ')).toBe('is missing');
  });

  it('passes a claim whose NPIs are all valid', () => {
    expect(
      hitsOf(npiCheckDigitRule, aClaim({ referringProvider: aProvider({ providerID: 11, npi: '1245319599' }) })),
    ).toEqual([]);
  });

  it('points at each bad NPI: practice, provider, referring, supervising, and a different rendering provider on a line', () => {
    const claim = aClaim({
      practice: { ...aClaim().practice, npi: '2000000003' },
      provider: aProvider({ npi: '1234567890' }),
      referringProvider: aProvider({ providerID: 11, lastName: 'KIM', firstName: 'BO', npi: '12345' }),
      supervisingProvider: aProvider({ providerID: 12, npi: '' }),
      charges: [
        aCharge({
          renderingProvider: aProvider({ providerID: 13, lastName: 'DOE', firstName: 'AL', npi: '1245319598' }),
        }),
      ],
    });
    expect(hitsOf(npiCheckDigitRule, claim)).toEqual([
      {
        field: 'practice.npi',
        message:
          'The NPI 2000000003 of billing provider Lakeside Family Medicine has a wrong check digit (the last digit should be 2).',
      },
      {
        field: 'provider.npi',
        message: 'The NPI 1234567890 of provider LEE, ANN has a wrong check digit (the last digit should be 3).',
      },
      { field: 'referringProvider.npi', message: 'The NPI 12345 of referring provider KIM, BO is not 10 digits.' },
      { field: 'supervisingProvider.npi', message: 'The NPI of supervising provider LEE, ANN is missing.' },
      {
        field: 'charges[0].renderingProvider.npi',
        chargeID: 501,
        message:
          'The NPI 1245319598 of rendering provider DOE, AL on Line 1 (99213) has a wrong check digit (the last digit should be 9).',
      },
    ]);
  });
});

describe('NPI entity type', () => {
  it('passes a person with a type 1 NPI and an organization with a type 2 NPI', () => {
    expect(
      hitsOf(
        npiEntityTypeRule,
        aClaim({ referringProvider: aProvider({ providerID: 11, providerType: 'organization', npi: '2000000002' }) }),
      ),
    ).toEqual([]);
  });

  it('warns when a person has an organization NPI', () => {
    expect(hitsOf(npiEntityTypeRule, aClaim({ provider: aProvider({ npi: '2000000002' }) }))).toEqual([
      {
        field: 'provider.npi',
        message:
          'The NPI 2000000002 of provider LEE, ANN is an organization NPI, but the provider is set up as a person (type 1).',
      },
    ]);
  });
});
