import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type { EraProfileRow, UploadedEraCheck } from '../../contract/era.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { CommandContext } from '../../src/console/types.ts';
import {
  checkSummaryText,
  postedText,
  postingChoices,
  showEraStatus,
  uploadText,
  uploadedCheckText,
} from '../../src/features/era/index.ts';
import { setSessionUser } from '../../src/state/session.ts';
import { resetStores } from '../../src/state/store.ts';
import { publishTarget } from '../../src/state/target.ts';
import { deleteChoices, eraCommands, failureText, groupsOf } from './era.ts';

const goTo = vi.hoisted(() => vi.fn());
vi.mock('../../src/routing/navigation.ts', () => ({ goTo }));

const command = (id: string) => {
  const found = eraCommands.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};
const context = (route: string): CommandContext => ({
  route,
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['PAYMENTS']),
  source: 'palette',
});
const ERA_SCREEN = '/app/era-search';

/** The ERA screen's target: its cursor check, or none listed. */
function showEraChecks(checks: readonly EraProfileRow[], cursorCheckID: number | null): void {
  const cursor = checks.find((check) => check.eraCheckID === cursorCheckID) ?? null;
  publishTarget('era', 'eraCheck', cursor === null ? null : { kind: 'eraCheck', id: cursor.eraCheckID, ...cursor });
}

function signInWithMenu(links: string[]): void {
  setSessionUser({
    userID: 7,
    token: 't',
    modules: ['PAYMENTS'],
    mustChangePassword: false,
    menuData: {
      menuTypes: [{ id: 1, parentID: null, title: 'Payments', icon: '', order: 1 }],
      menuLinks: links.map((link, order) => ({ parentID: 1, title: link, link, order })),
    },
  } as unknown as SessionUser);
}

const uploaded = (overrides: Partial<UploadedEraCheck> = {}): UploadedEraCheck => ({
  eraCheckID: 1,
  traceNumber: '7170066655',
  payerName: 'Aetna',
  totalPaid: 94_500,
  claims: 3,
  matchedClaims: 2,
  lines: 5,
  matchedLines: 4,
  balanced: true,
  imbalances: [],
  ...overrides,
});

const row = (overrides: Partial<EraProfileRow> = {}): EraProfileRow => ({
  eraCheckID: 1,
  eraID: 1,
  fileName: 'aetna.835',
  payerName: 'Aetna',
  payerIdentifier: '60054',
  traceNumber: '7170066655',
  paymentMethod: 'CHK',
  checkDate: '2026-03-02',
  totalPaid: 94_500,
  providerAdjustments: 0,
  claims: 3,
  unmatchedClaims: 1,
  unpostedClaims: 1,
  balanced: true,
  status: 'unposted',
  uploadedAt: '2026-03-03T10:00:00Z',
  ...overrides,
});

beforeEach(() => {
  resetStores();
  goTo.mockReset();
});

describe('what the ERA toasts say', () => {
  it('names each uploaded check with its claims matched and whether it balanced', () => {
    expect(uploadedCheckText(uploaded())).toBe('Check 7170066655 (Aetna, $945.00): 2 of 3 claims matched, balanced.');
    expect(uploadedCheckText(uploaded({ claims: 1, matchedClaims: 0 }))).toBe(
      'Check 7170066655 (Aetna, $945.00): 0 of 1 claim matched, balanced.',
    );
  });

  it('gives the first difference of a check that does not balance', () => {
    const imbalance = (message: string) => ({
      level: 'claim' as const,
      claimID: 'A1',
      lineNumber: null,
      expectedCents: 100,
      paidCents: 90,
      differenceCents: 10,
      message,
    });
    const check = uploaded({
      balanced: false,
      imbalances: [imbalance('Claim A1: charge $1.00 − adjustments $0.00 = $1.00, paid $0.90.'), imbalance('second')],
    });
    expect(uploadedCheckText(check)).toBe(
      'Check 7170066655 (Aetna, $945.00): 2 of 3 claims matched, not balanced: Claim A1: charge $1.00 − adjustments $0.00 = $1.00, paid $0.90.',
    );
  });

  it('lists every check of the file, one a line', () => {
    const reply = {
      message: 'ERA uploaded successfully.',
      eraID: 4,
      checks: [uploaded(), uploaded({ traceNumber: '2', payerName: 'Cigna', totalPaid: 100 })],
    };
    expect(uploadText(reply).split('\n')).toEqual([
      uploadedCheckText(reply.checks[0]!),
      'Check 2 (Cigna, $1.00): 2 of 3 claims matched, balanced.',
    ]);
    expect(uploadText({ ...reply, checks: [] })).toBe('The file holds no check.');
  });

  it('sums a check up on Enter', () => {
    expect(checkSummaryText(row())).toBe('3 claims, 1 unmatched, balanced.');
    expect(checkSummaryText(row({ claims: 1, unmatchedClaims: 0, balanced: false }))).toBe(
      '1 claim, 0 unmatched, unbalanced.',
    );
  });

  it('shows the server’s own reason for a refused upload', () => {
    const message = 'This file (aetna.835) was already uploaded for the group; it was not uploaded again.';
    expect(failureText(ApiError.fromStatus(409, message))).toBe(message);
    expect(failureText(ApiError.fromStatus(400, 'Segment CLP at line 12: the amount is not a number.'))).toBe(
      'Segment CLP at line 12: the amount is not a number.',
    );
  });
});

describe('the ERA commands’ choices', () => {
  it('offers unposted checks only, the one under the cursor first', () => {
    const choices = deleteChoices(
      [row({ eraCheckID: 1 }), row({ eraCheckID: 2, traceNumber: '22' }), row({ eraCheckID: 3, status: 'posted' })],
      2,
    );
    expect(choices.map((choice) => choice.value)).toEqual(['2', '1']);
    expect(choices[0]).toEqual({ value: '2', label: '22 · Aetna', hint: '03/02/2026 · aetna.835 · under the cursor' });
  });

  it('takes each group of the data role once', () => {
    const practice = (groupID: number, groupName: string) => ({
      practiceID: groupID * 10,
      name: 'p',
      groupID,
      groupName,
    });
    expect(groupsOf([practice(2, 'Northwind'), practice(1, 'Lakeside'), practice(2, 'Northwind')])).toEqual([
      { groupID: 1, groupName: 'Lakeside' },
      { groupID: 2, groupName: 'Northwind' },
    ]);
  });

  it('asks no group before the groups are known to be several', () => {
    expect(command('era.upload').steps).toEqual([]);
  });
});

describe('when the ERA commands cannot run', () => {
  it('upload and delete need the ERA screen in the menu', () => {
    for (const id of ['era.upload', 'era.deleteCheck']) {
      expect(command(id).disabledReason?.(context('/app/all-claims'))).toBe('Sign in first.');
      signInWithMenu(['/app/all-claims']);
      expect(command(id).disabledReason?.(context('/app/all-claims'))).toBe('The ERA screen is not in your menu.');
      signInWithMenu([ERA_SCREEN]);
      expect(command(id).disabledReason?.(context('/app/all-claims'))).toBeNull();
      expect(command(id).privilege).toBe('PAYMENTS');
      resetStores();
    }
  });

  it('delete says so when the screen lists no checks', () => {
    signInWithMenu([ERA_SCREEN]);
    showEraChecks([], null);
    expect(command('era.deleteCheck').disabledReason?.(context(ERA_SCREEN))).toBe('No ERA checks are listed.');
    showEraChecks([row()], 1);
    expect(command('era.deleteCheck').disabledReason?.(context(ERA_SCREEN))).toBeNull();
  });

  it('the filters apply on the ERA screen, and not to the list already shown', async () => {
    signInWithMenu([ERA_SCREEN]);
    const unposted = command('era.showUnposted');
    expect(unposted.when?.(context('/app/all-claims'))).toBe(false);
    expect(unposted.disabledReason?.(context('/app/all-claims'))).toBe('Open the ERA screen first (g e).');
    expect(unposted.disabledReason?.(context(ERA_SCREEN))).toBeNull();
    expect(command('era.showAll').disabledReason?.(context(ERA_SCREEN))).toBe('They are the ones listed now.');
    await unposted.run(context(ERA_SCREEN), {});
    expect(unposted.disabledReason?.(context(ERA_SCREEN))).toBe('They are the ones listed now.');
    showEraStatus('all');
    expect(command('era.showPosted').disabledReason?.(context(ERA_SCREEN))).toBeNull();
  });
});

describe('posting a check from the ERA screen', () => {
  const check = { traceNumber: 'EFT1001', payerName: 'AETNA', totalPaid: 104_860 };

  it('offers to post a clean check, naming it and its total', () => {
    expect(postingChoices(check, { errors: [], warnings: [] })).toEqual([
      { value: 'post', label: 'Post check EFT1001 (AETNA), $1,048.60' },
      { value: 'keep', label: 'Do not post' },
    ]);
  });

  it('names what the biller accepts by posting a check with warnings', () => {
    expect(
      postingChoices(check, {
        errors: [],
        warnings: ['1 claim of the check match none of ours and will not be posted: X1.'],
      })[0],
    ).toEqual({
      value: 'post-accepting',
      label:
        'Post check EFT1001 (AETNA), $1,048.60, accepting: 1 claim of the check match none of ours and will not be posted: X1.',
    });
  });

  it('offers no posting when something stops it, and says what', () => {
    expect(postingChoices(check, { errors: ['This ERA check is already posted.'], warnings: [] })).toEqual([
      { value: 'keep', label: 'It cannot be posted: This ERA check is already posted.' },
    ]);
    expect(postingChoices(null, { errors: [], warnings: [] })).toEqual([
      { value: 'keep', label: 'Nothing to post: go back and pick a check.' },
    ]);
  });

  it('sums the posting up in the toast', () => {
    expect(postedText({ message: 'ERA check posted.', pkid: 1, claims: 10, paid: 104_860, warningsAccepted: [] })).toBe(
      '10 claims posted, $1,048.60 paid.',
    );
    expect(postedText({ message: 'ERA check posted.', pkid: 1, claims: 1, paid: 500, warningsAccepted: [] })).toBe(
      '1 claim posted, $5.00 paid.',
    );
  });
});
