import { describe, expect, it } from 'vitest';
import type { DenialReportReply } from '../../contract/denials.ts';
import { denialReportToast, statusRunToasts, swappedOrder } from './claimWork.ts';

describe('moving a charge line', () => {
  it('swaps the line with its neighbour', () => {
    expect(swappedOrder([11, 12, 13], 1, -1)).toEqual([12, 11, 13]);
    expect(swappedOrder([11, 12, 13], 1, 1)).toEqual([11, 13, 12]);
  });

  it('has nowhere to go past either end or for a line not on the claim', () => {
    expect(swappedOrder([11, 12, 13], 0, -1)).toBeNull();
    expect(swappedOrder([11, 12, 13], 2, 1)).toBeNull();
    expect(swappedOrder([11, 12, 13], -1, 1)).toBeNull();
  });
});

describe('the toasts of a bulk status change', () => {
  it('counts the claims changed and gives the first reasons of the refused', () => {
    const refused = [1, 2, 3, 4, 5].map((claimID) => ({ claimID, reason: `Claim ${claimID} is already Closed.` }));
    expect(statusRunToasts({ updated: [7, 8], refused }, 'Closed')).toEqual([
      { kind: 'success', title: '2 claims set to Closed.' },
      {
        kind: 'error',
        title: '5 claims not changed.',
        detail:
          'Claim 1 is already Closed.\nClaim 2 is already Closed.\nClaim 3 is already Closed.\n…and 2 more claims.',
      },
    ]);
    expect(statusRunToasts({ updated: [7], refused: [] }, 'Denied')).toEqual([
      { kind: 'success', title: '1 claim set to Denied.' },
    ]);
  });
});

describe('the denial report toast', () => {
  const reason = (reasonCode: string, deniedCents: number) => ({
    reasonCode,
    description: reasonCode === '16' ? 'Missing information' : null,
    claimCount: 2,
    deniedCents,
  });
  const reply: DenialReportReply = {
    reasons: [
      reason('16', 150_000),
      reason('50', 90_000),
      reason('97', 5_000),
      reason('29', 4_000),
      reason('18', 3_000),
      reason('45', 100),
    ],
    totalClaims: 12,
    totalDeniedCents: 252_100,
    payers: [],
    claims: [],
    pageNumber: 1,
    pageSize: 1,
  };

  it('gives the totals and the top five reasons with counts and amounts', () => {
    expect(denialReportToast(reply, 'Lakeside Clinic')).toEqual({
      title: 'Denials (Lakeside Clinic): 12 claims, $2,521.00 denied.',
      detail: [
        '16 Missing information: 2 claims, $1,500.00',
        '50: 2 claims, $900.00',
        '97: 2 claims, $50.00',
        '29: 2 claims, $40.00',
        '18: 2 claims, $30.00',
      ].join('\n'),
    });
  });

  it('says so when nothing was denied', () => {
    expect(denialReportToast({ ...reply, reasons: [], totalClaims: 0, totalDeniedCents: 0 }, null)).toEqual({
      title: 'Denials: 0 claims, $0.00 denied.',
      detail: 'No denials.',
    });
  });
});
