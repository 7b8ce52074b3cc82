import { describe, expect, it } from 'vitest';
import { acknowledgementCommands, appliedText } from './acknowledgements.ts';

describe('the acknowledgement commands', () => {
  it('each has a key and the module its call needs', () => {
    expect(acknowledgementCommands.map((command) => [command.id, command.shortcut, command.privilege])).toEqual([
      ['acknowledgements.apply', 'F9', 'CLAIMS'],
      ['claims.checkStatus', 'Alt+k', 'CLAIMS'],
      ['claims.downloadStatusInquiry', 'Alt+y', 'PATIENTS'],
      ['claims.resendReplacement', 'Alt+r', 'CLAIMS'],
    ]);
  });

  it('a claim command without a claim open says so', () => {
    const resend = acknowledgementCommands.find((command) => command.id === 'claims.resendReplacement');
    const ctx = {
      route: '/app/all-claims',
      scopes: [],
      selection: { recordType: null, ids: [], allMatching: null },
      record: null,
      modules: new Set<never>(),
      source: 'palette' as const,
    };
    expect(resend?.disabledReason?.(ctx)).toBe('Open a claim first.');
    expect(resend?.disabledReason?.({ ...ctx, record: { type: 'claim', id: 7 } })).toBeNull();
  });

  it('says what applying a file did: batches, the claims turned back, what was not ours', () => {
    expect(
      appliedText({
        outcome: 'applied',
        transactionSet: '999',
        message: 'Batch 4 partially accepted.',
        batches: [{ submissionBatchID: 4, status: 'partially accepted' }],
        claims: [
          { claimID: 10, outcome: 'accepted' },
          { claimID: 11, outcome: 'rejected' },
        ],
        rejectedClaimIDs: [11],
        unknown: ['Claim 99 was not found.'],
        problems: [],
      }),
    ).toBe('Batch 4: partially accepted\nRejected: claim 11 (in the work queue)\nClaim 99 was not found.');
  });
});
