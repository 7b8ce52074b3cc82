import { describe, expect, it } from 'vitest';
import { addressProblems, isPoBox, normalZip, STATE_CODES } from './addressRules.ts';

const street = { address1: '400 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

describe('the offline address rules', () => {
  it('knows the states, DC, the territories and the military codes', () => {
    expect(STATE_CODES).toHaveLength(59);
    expect(STATE_CODES).toEqual(expect.arrayContaining(['TX', 'DC', 'PR', 'AE']));
  });

  it('takes a ZIP or ZIP+4 whose prefix belongs to the state', () => {
    expect(addressProblems(street, 'billing')).toEqual([]);
    expect(addressProblems({ ...street, zip: '78701-1234' }, 'billing')).toEqual([]);
    expect(addressProblems({ ...street, state: 'ma', zip: '02108' }, 'billing')).toEqual([]);
    expect(addressProblems({ ...street, zip: '10001' }, 'billing')).toEqual(['Address: ZIP code 10001 is not in TX.']);
    expect(addressProblems({ ...street, zip: '7870' }, 'billing')).toEqual([
      'Address: the ZIP code must be 5 digits or ZIP+4 (12345-6789), not "7870".',
    ]);
    expect(addressProblems({ ...street, state: 'Texas' }, 'billing')).toEqual([
      'Address: "Texas" is not a US state code (two letters, e.g. TX).',
    ]);
    expect(normalZip('787011234')).toBe('78701-1234');
  });

  it('refuses a PO box where the 837 needs a street, and takes it for a pay-to address', () => {
    for (const line of ['PO Box 12', 'P.O. Box 12', 'p o box 12', 'Post Office Box 7', 'POB 7'])
      expect(isPoBox(line)).toBe(true);
    for (const line of ['1 Post Oak Blvd', '55 Boxwood Ln', '9 Box Elder St']) expect(isPoBox(line)).toBe(false);
    const poBox = { ...street, address1: 'PO Box 12' };
    expect(addressProblems(poBox, 'service', 'Facility address')).toEqual([
      'Facility address: a service facility address must be a street address, not a PO box (a PO box may be the pay-to address).',
    ]);
    expect(addressProblems(poBox, 'payTo')).toEqual([]);
  });
});
