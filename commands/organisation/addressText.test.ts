import { describe, expect, it } from 'vitest';
import { addressLine, addressLineProblem, parseAddress } from './addressText.ts';

describe('an address typed on one line', () => {
  it('reads street, an optional second line, city, state and ZIP', () => {
    expect(parseAddress('400 Congress Ave, Suite 200, Austin, tx 78701-1234')).toEqual({
      address1: '400 Congress Ave',
      address2: 'Suite 200',
      city: 'Austin',
      state: 'TX',
      zip: '78701-1234',
    });
    expect(parseAddress('400 Congress Ave, Austin 78701')).toBeNull();
    expect(addressLine({ address1: '1 Main St', address2: null, city: 'Austin', state: 'TX', zip: '78701' })).toBe(
      '1 Main St, Austin, TX 78701',
    );
  });

  it('refuses before sending what the server would refuse: a PO box for a billing address, a ZIP of another state', () => {
    expect(addressLineProblem('PO Box 12, Austin, TX 78701', 'billing')).toBe(
      'Address: a billing address must be a street address, not a PO box (a PO box may be the pay-to address).',
    );
    expect(addressLineProblem('PO Box 12, Austin, TX 78767', 'payTo')).toBeNull();
    expect(addressLineProblem('1 Main St, Reno, NV 78701', 'service')).toBe('Address: ZIP code 78701 is not in NV.');
    expect(addressLineProblem('1 Main St Austin TX', 'billing')).toMatch(/^Type the address as street, city, ST ZIP/);
  });
});
