import { describe, expect, it } from 'vitest';
import { withFee } from './medicalCases.ts';

describe('setting one fee of a schedule', () => {
  it('replaces the code’s plain fee and keeps its modifier fees and the other codes', () => {
    const items = [
      { cptCode: '99213', modifier: '', amountCents: 11000 },
      { cptCode: '99213', modifier: '25', amountCents: 11500 },
      { cptCode: '36415', modifier: '', amountCents: 1500 },
    ];
    expect(withFee(items, '99213', 12000)).toEqual([
      { cptCode: '99213', modifier: '25', amountCents: 11500 },
      { cptCode: '36415', modifier: '', amountCents: 1500 },
      { cptCode: '99213', modifier: '', amountCents: 12000 },
    ]);
    expect(withFee(items, '99214', 15000)).toHaveLength(4);
  });
});
