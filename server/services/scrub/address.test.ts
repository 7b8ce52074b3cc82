import { describe, expect, it } from 'vitest';
import { billingAddressNoPOBoxRule, billingZipPlus4Rule } from './address.ts';
import { aClaim, hitsOf } from './ruleTestKit.ts';

const practice = aClaim().practice;

describe('billing ZIP+4', () => {
  it('passes 9 digits with or without the dash', () => {
    expect(hitsOf(billingZipPlus4Rule, aClaim())).toEqual([]);
    expect(hitsOf(billingZipPlus4Rule, aClaim({ practice: { ...practice, zip: '787011234' } }))).toEqual([]);
  });
  it('fails a 5-digit ZIP', () => {
    expect(hitsOf(billingZipPlus4Rule, aClaim({ practice: { ...practice, zip: '78701' } }))).toEqual([
      { field: 'practice.zip', message: "The billing provider's ZIP code 78701 is not a 9-digit ZIP+4." },
    ]);
  });
});

describe('billing address not a PO box', () => {
  it('passes street addresses, also with "Box" inside a word', () => {
    expect(hitsOf(billingAddressNoPOBoxRule, aClaim())).toEqual([]);
    expect(
      hitsOf(
        billingAddressNoPOBoxRule,
        aClaim({ practice: { ...practice, address1: '12 Boxwood Ln', address2: null } }),
      ),
    ).toEqual([]);
  });
  it('fails the ways a PO box is written, in either address line', () => {
    for (const address1 of [
      'PO Box 123',
      'P.O. Box 9',
      'p o box 4',
      'Post Office Box 7',
      'POB 12',
      'Box 55',
      'Lockbox 3001',
    ]) {
      expect(hitsOf(billingAddressNoPOBoxRule, aClaim({ practice: { ...practice, address1 } })), address1).toEqual([
        { field: 'practice.address1', message: `The billing provider's address "${address1}" is a PO box.` },
      ]);
    }
    expect(hitsOf(billingAddressNoPOBoxRule, aClaim({ practice: { ...practice, address2: 'P.O. Box 200' } }))).toEqual([
      { field: 'practice.address2', message: `The billing provider's address "P.O. Box 200" is a PO box.` },
    ]);
  });
});
