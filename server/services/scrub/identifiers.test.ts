import { describe, expect, it } from 'vitest';
import { aClaim, aProvider, hitsOf } from './ruleTestKit.ts';
import { taxIDFormatRule } from './taxID.ts';
import { taxonomyFormatRule } from './taxonomy.ts';

const practice = aClaim().practice;

describe('taxonomy code format', () => {
  it('passes 10-character codes ending in X, and providers without one', () => {
    expect(hitsOf(taxonomyFormatRule, aClaim({ provider: aProvider({ taxonomyCode: null }) }))).toEqual([]);
  });

  it('points at a malformed taxonomy code', () => {
    expect(hitsOf(taxonomyFormatRule, aClaim({ practice: { ...practice, taxonomyCode: '207Q00000' } }))).toEqual([
      {
        field: 'practice.taxonomyCode',
        message:
          'The taxonomy code 207Q00000 of billing provider Lakeside Family Medicine is not 10 characters (9 letters or digits and a closing X).',
      },
    ]);
    expect(
      hitsOf(taxonomyFormatRule, aClaim({ provider: aProvider({ taxonomyCode: '207q00000x' }) })).map(
        (hit) => hit.field,
      ),
    ).toEqual(['provider.taxonomyCode']);
  });
});

describe('tax ID', () => {
  it('passes 9 digits, also written as an EIN', () => {
    expect(hitsOf(taxIDFormatRule, aClaim())).toEqual([]);
    expect(hitsOf(taxIDFormatRule, aClaim({ practice: { ...practice, taxID: '74-1234567' } }))).toEqual([]);
  });

  it('refuses a short, missing or placeholder tax ID', () => {
    expect(hitsOf(taxIDFormatRule, aClaim({ practice: { ...practice, taxID: '7412345' } }))).toEqual([
      {
        field: 'practice.taxID',
        message: 'The tax ID 7412345 of billing provider Lakeside Family Medicine is not 9 digits.',
      },
    ]);
    expect(hitsOf(taxIDFormatRule, aClaim({ practice: { ...practice, taxID: '' } }))[0]?.message).toBe(
      'The tax ID of billing provider Lakeside Family Medicine is missing.',
    );
    expect(hitsOf(taxIDFormatRule, aClaim({ practice: { ...practice, taxID: '111111111' } }))[0]?.message).toContain(
      'repeats one digit',
    );
  });
});
