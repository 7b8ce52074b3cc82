import { describe, expect, it } from 'vitest';
import { claimsWork } from '../../../layouts/claimsWork.ts';
import { sizesForLayout } from './paneSizes.ts';

describe('saved pane sizes', () => {
  it('are used when they name every pane of the layout and add up to 100', () => {
    expect(sizesForLayout(claimsWork, { claims: 50, charges: 20, postings: 30 })).toEqual({
      claims: 50,
      charges: 20,
      postings: 30,
    });
  });

  it('are dropped for a layout that changed its panes, or when they do not add up', () => {
    expect(sizesForLayout(claimsWork, { claims: 50, charges: 50 })).toBeNull();
    expect(sizesForLayout(claimsWork, { claims: 50, charges: 20, ledger: 30 })).toBeNull();
    expect(sizesForLayout(claimsWork, { claims: 50, charges: 20, postings: 20 })).toBeNull();
    expect(sizesForLayout(claimsWork, undefined)).toBeNull();
  });
});
