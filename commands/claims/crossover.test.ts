import { describe, expect, it } from 'vitest';
import { denialLines } from './crossover.ts';

describe('the denials toast', () => {
  it('names each denied line with its code, amount, group-reason, description and remarks, and a whole-claim denial as such', () => {
    expect(
      denialLines({
        claimID: 7,
        totalDeniedCents: 12_000,
        lines: [
          {
            chargeID: null,
            lineNumber: null,
            cptCode: null,
            modifiers: [],
            deniedCents: 12_000,
            remarks: [],
            denials: [{ groupCode: 'CO', reasonCode: '16', description: null, postingDate: '2026-02-10' }],
          },
          {
            chargeID: 3,
            lineNumber: 2,
            cptCode: '36415',
            modifiers: ['59'],
            deniedCents: 2_000,
            remarks: [{ code: 'M51', description: 'Missing/incomplete procedure code' }],
            denials: [
              { groupCode: 'CO', reasonCode: '50', description: 'Not medically necessary', postingDate: '2026-02-10' },
              { groupCode: null, reasonCode: null, description: null, postingDate: '2026-02-10' },
            ],
          },
        ],
      }),
    ).toEqual([
      'Whole claim ($120.00): CO-16',
      'Line 2 36415-59 ($20.00): CO-50 Not medically necessary; no reason code; remarks M51 Missing/incomplete procedure code',
    ]);
  });
});
