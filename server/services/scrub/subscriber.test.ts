import { describe, expect, it } from 'vitest';
import { aClaim, aCoverage, aPayer, hitsOf } from './ruleTestKit.ts';
import {
  coverageRequiredRule,
  isMedicareBeneficiaryIdentifier,
  medicareMBIRule,
  payerIDRequiredRule,
  subscriberIDRequiredRule,
} from './subscriber.ts';

const medicare = (subscriberID: string) =>
  aClaim({
    coverage: aCoverage({ payer: aPayer({ name: 'Medicare Part B', insuranceType: 'medicare' }), subscriberID }),
  });

describe('coverage, subscriber ID and payer ID', () => {
  it('pass a claim billing a coverage with both IDs', () => {
    for (const rule of [coverageRequiredRule, subscriberIDRequiredRule, payerIDRequiredRule])
      expect(hitsOf(rule, aClaim()), rule.id).toEqual([]);
  });

  it('fail a claim without coverage, a blank subscriber ID, a blank payer ID', () => {
    expect(hitsOf(coverageRequiredRule, aClaim({ coverage: null }))).toEqual([
      { field: 'coverage', message: 'The claim has no insurance to bill.' },
    ]);
    expect(hitsOf(subscriberIDRequiredRule, aClaim({ coverage: aCoverage({ subscriberID: ' ' }) }))).toEqual([
      { field: 'coverage.subscriberID', message: 'The Aetna coverage has no subscriber ID.' },
    ]);
    expect(hitsOf(payerIDRequiredRule, aClaim({ coverage: aCoverage({ payer: aPayer({ payerID: '' }) }) }))).toEqual([
      { field: 'coverage.payer.payerID', message: 'The payer Aetna has no electronic payer ID.' },
    ]);
  });

  it('ask no IDs of self-pay', () => {
    const selfPay = aClaim({
      coverage: aCoverage({
        subscriberID: '',
        payer: aPayer({ name: 'Self Pay', payerID: '', insuranceType: 'self_pay' }),
      }),
    });
    expect(hitsOf(subscriberIDRequiredRule, selfPay)).toEqual([]);
    expect(hitsOf(payerIDRequiredRule, selfPay)).toEqual([]);
  });
});

describe('Medicare MBI format', () => {
  it('passes the CMS example MBI, and other payers whatever their ID', () => {
    expect(hitsOf(medicareMBIRule, medicare('1EG4TE5MK73'))).toEqual([]);
    expect(hitsOf(medicareMBIRule, aClaim({ coverage: aCoverage({ subscriberID: '123-45-6789A' }) }))).toEqual([]);
  });

  it('fails an MBI with dashes, an excluded letter, or a wrong character class', () => {
    expect(hitsOf(medicareMBIRule, medicare('1EG4-TE5-MK73'))).toEqual([
      { field: 'coverage.subscriberID', message: 'The Medicare ID 1EG4-TE5-MK73 is written with dashes.' },
    ]);
    expect(hitsOf(medicareMBIRule, medicare('123456789A'))).toEqual([
      {
        field: 'coverage.subscriberID',
        message: 'The Medicare ID 123456789A is not a Medicare Beneficiary Identifier (MBI).',
      },
    ]);
    for (const mbi of ['0EG4TE5MK73', '1SG4TE5MK73', '1EG4TE5MK7', '1EG4TE5MKZ3', '1EGATE5MK73', '1EG4TE5MK7B'])
      expect(isMedicareBeneficiaryIdentifier(mbi), mbi).toBe(false);
    for (const mbi of ['1EG4TE5MK73', '9AA0AA0AA00', '2C34D56EF78'])
      expect(isMedicareBeneficiaryIdentifier(mbi), mbi).toBe(true);
  });
});
