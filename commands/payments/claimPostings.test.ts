import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LedgerRow } from '../../contract/ledger.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { CommandContext } from '../../src/console/types.ts';

const api = vi.hoisted(() => ({ reversePaymentLedger: vi.fn() }));
const panes = vi.hoisted(() => ({ getPaymentLedgers: vi.fn() }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../src/api/batches.ts', () => api);
vi.mock('../../src/features/panes/paneApi.ts', () => panes);
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: toasts }));
// No page here: no element holds the focus (the claim in focus is then the open one, or none).
vi.stubGlobal('document', { activeElement: null });
vi.stubGlobal('HTMLElement', class {});
const { confirmChoices, postingChoices, reversePosting } = await import('./claimPostings.ts');
const { reverseRefusal } = await import('../../src/features/panes/index.ts');
const { EVERY_KIND, watchRecords } = await import('../../src/state/recordsChanged.ts');
const { publishTarget } = await import('../../src/state/target.ts');

/** A claim ledger view's target: the posting under its cursor. */
const showPosting = (view: string, posting: LedgerRow) =>
  publishTarget(view, 'posting', {
    kind: 'posting',
    id: posting.ledgerID,
    ledger: 'claim',
    claimID: posting.claimID,
    row: posting,
  });

/** The change notices the commands announced: the screens read again on them. */
const notices: { kind: string; ids: readonly number[] | null }[] = [];
watchRecords(EVERY_KIND, (notice) => notices.push(notice));
const { resetStores } = await import('../../src/state/store.ts');

const onClaim: CommandContext = {
  route: '/app/claim-detail/42',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: { type: 'claim', id: 42 },
  modules: new Set(['PAYMENTS']),
  source: 'palette',
};
const nowhere: CommandContext = { ...onClaim, route: '/app/era-search', record: null };

const row = (overrides: Partial<LedgerRow> = {}): LedgerRow => ({
  ledgerID: 501,
  postingDate: '2026-11-20',
  entryType: 'patient_payment',
  claimID: 42,
  chargeID: 9,
  chargeLine: 1,
  cptCode: '99213',
  amount: -5000,
  groupCode: null,
  reasonCode: null,
  reasonDescription: null,
  payerName: null,
  note: 'card',
  figure: 'patientPaid',
  reversesLedgerID: null,
  reversedByLedgerID: null,
  ...overrides,
});

const step = (key: string) => {
  const found = reversePosting.steps?.find((candidate) => candidate.key === key);
  if (found?.kind !== 'choice') throw new Error(`No choice step ${key}`);
  return found;
};

beforeEach(() => {
  resetStores();
  vi.clearAllMocks();
});

describe('reversing a posting of a claim', () => {
  it('says why a row cannot be reversed: already reversed, itself a reversal, a charge, an advance, a $0.00 marker', () => {
    expect(reverseRefusal(row())).toBeNull();
    expect(reverseRefusal(row({ reversedByLedgerID: 777 }))).toBe(
      'This patient payment is already reversed (by posting 777).',
    );
    expect(reverseRefusal(row({ entryType: 'reversal', amount: 5000, reversesLedgerID: 500 }))).toBe(
      'This row is itself a reversal of posting 500: post the payment again instead.',
    );
    expect(reverseRefusal(row({ entryType: 'charge', amount: 10_000 }))).toBe(
      'A charge is not reversed here: void the line or delete it instead.',
    );
    expect(reverseRefusal(row({ entryType: 'advance_application' }))).toBe(
      'An advance payment is taken back whole, with what it paid: "Reverse advance payment…".',
    );
    expect(
      reverseRefusal(row({ entryType: 'patient_responsibility', amount: 0, groupCode: 'PR', reasonCode: '1' })),
    ).toBe('This patient responsibility moved no money: there is nothing to reverse.');
  });

  it('lists what can be reversed, the posting under the cursor first', () => {
    const rows = [
      row({ ledgerID: 1, entryType: 'charge', amount: 10_000 }),
      row({ ledgerID: 2 }),
      row({ ledgerID: 3, entryType: 'write_off', amount: -700 }),
      row({ ledgerID: 4, reversedByLedgerID: 5 }),
    ];
    expect(postingChoices(rows, 3).map((choice) => [choice.value, choice.label])).toEqual([
      ['3', 'Write-off $7.00 · line 1 99213 · posted 11/20/2026'],
      ['2', 'Patient payment $50.00 · line 1 99213 · posted 11/20/2026'],
    ]);
    expect(postingChoices(rows, 3)[0]?.hint).toContain('under the cursor');
    expect(postingChoices([rows[0]!], null)).toEqual([
      { value: '', label: 'Nothing posted on this claim can be reversed.' },
    ]);
  });

  it('asks before reversing, naming the posting, or says why it cannot', () => {
    expect(confirmChoices(row())).toEqual([
      { value: 'reverse', label: 'Reverse Patient payment $50.00 · line 1 99213 · posted 11/20/2026 on claim 42' },
      { value: 'keep', label: 'Keep it' },
    ]);
    expect(confirmChoices(row({ reversedByLedgerID: 9 }))).toEqual([
      { value: 'keep', label: 'It cannot be reversed: This patient payment is already reversed (by posting 9).' },
    ]);
  });

  it('applies on a claim, or on a posting under the cursor; elsewhere it says what to open', () => {
    expect(reversePosting.disabledReason?.(onClaim)).toBeNull();
    expect(reversePosting.disabledReason?.(nowhere)).toBe(
      'Open a claim, or put the cursor on one in a claims list or on a posting.',
    );
    showPosting('workspace:postings', row({ claimID: 77 }));
    expect(reversePosting.disabledReason?.(nowhere)).toBeNull();
  });

  it("lists the claim's postings from the palette, the cursor one first", async () => {
    panes.getPaymentLedgers.mockResolvedValue({
      rows: [row({ ledgerID: 2 }), row({ ledgerID: 3, entryType: 'insurance_payment', amount: -8000 })],
      figures: {},
    });
    showPosting('claimDetail', row({ ledgerID: 3, entryType: 'insurance_payment', amount: -8000 }));
    const choices = await step('ledgerID').choices(onClaim, {});
    expect(panes.getPaymentLedgers).toHaveBeenCalledWith({ claimID: 42 }, expect.anything());
    expect(choices.map((choice) => choice.value)).toEqual(['3', '2']);
  });

  it('reverses the picked posting once confirmed, says what the claim owes now, and has the screens read again', async () => {
    showPosting('claimDetail', row());
    notices.length = 0;
    api.reversePaymentLedger.mockResolvedValue({
      message: 'Ledger posting reversed.',
      ledgerID: 600,
      claimBalance: 30_000,
      chargeBalance: 10_000,
    });
    await reversePosting.run({ ...onClaim, source: 'hotkey' }, { ledgerID: '501', confirm: 'reverse' });
    expect(api.reversePaymentLedger).toHaveBeenCalledWith(501, { source: 'hotkey', silent: true });
    expect(toasts.success).toHaveBeenCalledWith(
      'Patient payment $50.00 · line 1 99213 · posted 11/20/2026 reversed on claim 42; it now owes $300.00.',
    );
    expect(notices).toContainEqual({ kind: 'claim', ids: [42] });
    expect(notices).toContainEqual({ kind: 'posting', ids: [501] });
  });

  it('reverses nothing when the biller keeps it, and names the refusal when the server refuses', async () => {
    showPosting('claimDetail', row());
    await reversePosting.run(onClaim, { ledgerID: '501', confirm: 'keep' });
    expect(api.reversePaymentLedger).not.toHaveBeenCalled();
    api.reversePaymentLedger.mockRejectedValue(
      new ApiError('Conflict', 409, null, 'Ledger posting 501 is already reversed; it was not reversed again.'),
    );
    await reversePosting.run(onClaim, { ledgerID: '501', confirm: 'reverse' });
    expect(toasts.error).toHaveBeenCalledWith(
      'The posting was not reversed.',
      'Ledger posting 501 is already reversed; it was not reversed again.',
    );
  });
});
