import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchLedgerRow, Deposit, PaymentBatch } from '../../contract/batches.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { CommandContext } from '../../src/console/types.ts';

const api = vi.hoisted(() => ({
  addPaymentBatch: vi.fn(),
  deletePaymentBatch: vi.fn(),
  getDeposits: vi.fn(),
  getPaymentBatchLedger: vi.fn(),
  getPaymentBatches: vi.fn(),
  reassignPaymentBatch: vi.fn(),
  reconcileDeposit: vi.fn(),
  reversePaymentLedger: vi.fn(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../src/api/batches.ts', () => api);
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: toasts }));
const navigation = vi.hoisted(() => ({ goTo: vi.fn() }));
vi.mock('../../src/routing/navigation.ts', () => navigation);
vi.mock('../../src/api/workQueue.ts', () => ({
  getAssignees: vi.fn().mockResolvedValue([
    { userID: 7, name: 'Test User', email: 't@x' },
    { userID: 8, name: 'Ann Lee', email: 'ann@x' },
  ]),
}));
const { batchChoices, batchCommands, deleteBatchChoices, depositChoices, depositOf, postingChoices } =
  await import('./batches.ts');
const { EVERY_KIND, watchRecords } = await import('../../src/state/recordsChanged.ts');
const { publishTarget, withdrawTarget } = await import('../../src/state/target.ts');
const { resetStores } = await import('../../src/state/store.ts');

/** The payment batch list's targets: its cursor batch, or none listed. */
function showPaymentBatches(batches: readonly PaymentBatch[], cursorID: number | null): void {
  const cursor = batches.find((each) => each.paymentBatchID === cursorID) ?? null;
  publishTarget(
    'paymentBatches',
    'paymentBatch',
    cursor === null ? null : { kind: 'paymentBatch', id: cursor.paymentBatchID, batch: cursor, open: false },
  );
}
/** A payment batch detail's targets: the batch shown and its ledger list's cursor posting. */
function showPaymentBatch(shown: PaymentBatch, cursorLedger: BatchLedgerRow | null): void {
  publishTarget('paymentBatch', 'paymentBatch', {
    kind: 'paymentBatch',
    id: shown.paymentBatchID,
    batch: shown,
    open: true,
  });
  if (cursorLedger === null) withdrawTarget('paymentBatch', 'posting');
  else
    publishTarget('paymentBatch', 'posting', {
      kind: 'posting',
      id: cursorLedger.ledgerID,
      ledger: 'deposit',
      claimID: cursorLedger.claimID,
      row: cursorLedger,
    });
}
/** The reconciliation screen's targets: its cursor deposit (none listed: null) and that deposit's cursor posting. */
function showReconciliationCursor(shown: Deposit | null, posting: BatchLedgerRow | null): void {
  publishTarget(
    'reconciliation',
    'deposit',
    shown === null ? null : { kind: 'deposit', id: shown.depositID, deposit: shown },
  );
  if (shown === null || posting === null) withdrawTarget('reconciliation', 'posting');
  else
    publishTarget('reconciliation', 'posting', {
      kind: 'posting',
      id: posting.ledgerID,
      ledger: 'deposit',
      claimID: posting.claimID,
      row: posting,
    });
}

/** The change notices the commands announced: the screens read again on them. */
let notices: { kind: string; ids: readonly number[] | null }[] = [];
watchRecords(EVERY_KIND, (notice) => notices.push(notice));

const context: CommandContext = {
  route: '/app/payment-batches',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['PAYMENTS']),
  source: 'palette',
};
const command = (id: string) => {
  const found = batchCommands.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};
const step = (id: string, key: string) => {
  const found = command(id).steps?.find((candidate) => candidate.key === key);
  if (found?.kind !== 'choice') throw new Error(`No choice step ${key}`);
  return found;
};

const batch = (overrides: Partial<PaymentBatch> = {}): PaymentBatch => ({
  paymentBatchID: 5,
  groupID: 1,
  practiceID: 1,
  practiceName: 'Main',
  batchNumber: 'PB-5',
  paymentSource: 'insurance',
  insuranceID: 3,
  payerName: 'Aetna',
  checkNumber: null,
  checkDate: null,
  depositDate: null,
  description: null,
  status: 'open',
  assignedUserID: 7,
  assignedTo: 'Test User',
  total: 15000,
  posted: 10000,
  difference: 5000,
  documents: 0,
  reconciledAt: null,
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});
const row = (overrides: Partial<BatchLedgerRow>): BatchLedgerRow => ({
  ledgerID: 1,
  postingDate: '2026-11-20',
  entryType: 'insurance_payment',
  claimID: 9,
  chargeID: 19,
  amount: -6000,
  reasonCode: null,
  reversesLedgerID: null,
  reversedByLedgerID: null,
  note: null,
  ...overrides,
});
const deposit = (overrides: Partial<Deposit>): Deposit => ({
  kind: 'batch',
  depositID: 5,
  reference: 'PB-5',
  payerName: 'Aetna',
  depositDate: null,
  deposited: 100,
  posted: 100,
  difference: 0,
  reconciled: false,
  reconciledAt: null,
  reconciledBy: null,
  ...overrides,
});

beforeEach(() => {
  vi.clearAllMocks();
  resetStores();
  notices = [];
});

describe('the payment batch commands', () => {
  it('are registered as palette commands of the Payments group, each needing the PAYMENTS module', () => {
    expect(batchCommands.map((candidate) => candidate.title)).toEqual([
      'New payment batch…',
      'Reassign payment batch…',
      'Delete payment batch…',
      'Reverse ledger posting…',
      'Reconcile deposit…',
    ]);
    expect(
      batchCommands.every((candidate) => candidate.group === 'Payments' && candidate.privilege === 'PAYMENTS'),
    ).toBe(true);
  });

  it('name each batch with what is still to post', () => {
    expect(
      batchChoices([
        batch(),
        batch({
          paymentBatchID: 6,
          batchNumber: 'PB-6',
          payerName: null,
          paymentSource: 'patient',
          posted: 15000,
          difference: 0,
        }),
      ]),
    ).toEqual([
      { value: '5', label: 'PB-5 · Aetna', hint: 'open · expected $150.00 · posted $100.00 · $50.00 to post' },
      { value: '6', label: 'PB-6 · Patient payments', hint: 'open · expected $150.00 · posted $150.00' },
    ]);
  });

  it('creates a batch from the answers and toasts the server message', async () => {
    api.addPaymentBatch.mockResolvedValueOnce({ message: 'Batch Successfully Created', pkid: 5, documents: [] });
    await command('batches.newPaymentBatch').run(context, {
      practiceID: '1',
      paymentSource: 'insurance',
      batchNumber: ' PB-5 ',
      checkNumber: '',
      depositDate: '2026-11-20',
      total: 15000,
    });
    expect(api.addPaymentBatch).toHaveBeenCalledWith(
      { practiceID: 1, batchNumber: 'PB-5', paymentSource: 'insurance', total: 15000, depositDate: '2026-11-20' },
      { source: 'palette', silent: true },
    );
    expect(toasts.success).toHaveBeenCalledWith('Batch Successfully Created: Batch PB-5 · $150.00');
  });

  it("says the server's reason when a batch number is taken", async () => {
    api.addPaymentBatch.mockRejectedValueOnce(
      new Error('Batch number PB-5 is already used in this group; give another number.'),
    );
    await command('batches.newPaymentBatch').run(context, {
      practiceID: '1',
      paymentSource: 'insurance',
      batchNumber: 'PB-5',
      total: 100,
    });
    expect(toasts.error).toHaveBeenCalledWith(
      'The payment batch was not created.',
      'Batch number PB-5 is already used in this group; give another number.',
    );
  });

  it('deletes only after the confirm step, offering only batches with nothing posted', async () => {
    api.getPaymentBatches.mockResolvedValue({
      count: 2,
      batches: [batch(), batch({ paymentBatchID: 6, batchNumber: 'PB-6', posted: 0 })],
    });
    expect(
      (await step('batches.deletePaymentBatch', 'paymentBatchID').choices(context, {})).map((choice) => choice.value),
    ).toEqual(['6']);
    expect(await step('batches.deletePaymentBatch', 'confirm').choices(context, { paymentBatchID: '6' })).toEqual([
      { value: 'delete', label: 'Delete batch PB-6 · Aetna' },
      { value: 'keep', label: 'Keep it' },
    ]);
    await command('batches.deletePaymentBatch').run(context, { paymentBatchID: '6', confirm: 'keep' });
    expect(api.deletePaymentBatch).not.toHaveBeenCalled();
    api.deletePaymentBatch.mockResolvedValueOnce({ message: 'Payment Batch Successfully Deleted', pkid: 6 });
    await command('batches.deletePaymentBatch').run(context, { paymentBatchID: '6', confirm: 'delete' });
    expect(api.deletePaymentBatch).toHaveBeenCalledWith(6, { source: 'palette', silent: true });
    expect(toasts.success).toHaveBeenCalledWith('Payment Batch Successfully Deleted: PB-6 · Aetna');
  });

  it('reassigns to someone other than the current owner', async () => {
    api.getPaymentBatches.mockResolvedValue({ count: 1, batches: [batch()] });
    await step('batches.reassignPaymentBatch', 'paymentBatchID').choices(context, {});
    expect(
      (await step('batches.reassignPaymentBatch', 'assignedUserID').choices(context, { paymentBatchID: '5' })).map(
        (choice) => choice.label,
      ),
    ).toEqual(['Ann Lee']);
    api.reassignPaymentBatch.mockResolvedValueOnce({ message: 'Payment batch reassigned.', pkid: 5 });
    await command('batches.reassignPaymentBatch').run(context, { paymentBatchID: '5', assignedUserID: '8' });
    expect(api.reassignPaymentBatch).toHaveBeenCalledWith(5, 8, { source: 'palette', silent: true });
  });

  it('offers for reversal only postings that are not reversed, not reversals and not charges', () => {
    expect(
      postingChoices([
        row({ ledgerID: 1 }),
        row({ ledgerID: 2, reversedByLedgerID: 3 }),
        row({ ledgerID: 3, entryType: 'reversal', amount: 6000, reversesLedgerID: 2 }),
        row({ ledgerID: 4, entryType: 'contractual_adjustment', amount: -500, reasonCode: '45' }),
      ]),
    ).toEqual([
      { value: '1', label: 'insurance payment $60.00 · claim 9', hint: 'ledger 1 · 2026-11-20' },
      { value: '4', label: 'contractual adjustment $5.00 · claim 9', hint: 'ledger 4 · 2026-11-20 · 45' },
    ]);
    expect(postingChoices([])).toEqual([{ value: '', label: 'Nothing in this batch can be reversed.' }]);
  });

  it('reverses after the confirm step and shows a conflict as the server words it', async () => {
    await command('batches.reverseLedgerPosting').run(context, { ledgerID: '1', confirm: 'keep' });
    expect(api.reversePaymentLedger).not.toHaveBeenCalled();
    api.reversePaymentLedger.mockRejectedValueOnce(
      new Error('Ledger posting 1 is already reversed; it was not reversed again.'),
    );
    await command('batches.reverseLedgerPosting').run(context, { ledgerID: '1', confirm: 'reverse' });
    expect(toasts.error).toHaveBeenCalledWith(
      'The ledger posting was not reversed.',
      'Ledger posting 1 is already reversed; it was not reversed again.',
    );
  });

  it('lists deposits that balance first and reconciles the picked one', async () => {
    const choices = depositChoices([
      deposit({ depositID: 1, reference: 'PB-1', posted: 50, difference: 50 }),
      deposit({ kind: 'era', depositID: 2, reference: 'TRC', payerName: 'AETNA' }),
      deposit({ depositID: 3, reconciled: true }),
    ]);
    expect(choices).toEqual([
      { value: 'era:2', label: 'ERA TRC · AETNA', hint: 'deposited $1.00 · posted $1.00 · balances' },
      { value: 'batch:1', label: 'Batch PB-1 · Aetna', hint: 'deposited $1.00 · posted $0.50 · difference $0.50' },
    ]);
    expect(depositOf('era:2')).toEqual({ eraCheckID: 2 });
    expect(depositOf('batch:1')).toEqual({ paymentBatchID: 1 });
    expect(depositOf('')).toBeNull();
    api.reconcileDeposit.mockResolvedValueOnce({ message: 'Deposit reconciled.', pkid: 2 });
    await command('batches.reconcileDeposit').run(context, { deposit: 'era:2' });
    expect(api.reconcileDeposit).toHaveBeenCalledWith({ eraCheckID: 2 }, { source: 'palette', silent: true });
    expect(toasts.success).toHaveBeenCalledWith('Deposit reconciled.');
  });

  it('stays quiet when the call is cancelled', async () => {
    api.reconcileDeposit.mockRejectedValueOnce(new ApiError('Cancelled', null, 'cancelled', null));
    await command('batches.reconcileDeposit').run(context, { deposit: 'batch:1' });
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

describe('the payment batch commands on the batch screens', () => {
  const onList: CommandContext = { ...context, route: '/app/payment-batches', source: 'hotkey' };

  it('offer the batch under the cursor first, saying so', () => {
    expect(
      batchChoices([batch(), batch({ paymentBatchID: 6, batchNumber: 'PB-6' })], 6).map((choice) => [
        choice.value,
        choice.hint?.endsWith('under the cursor'),
      ]),
    ).toEqual([
      ['6', true],
      ['5', false],
    ]);
  });

  it('delete the cursor batch without listing the batches first, and have the screen read again', async () => {
    // Never listed by a choice step: Delete on the screen passes the cursor batch straight in.
    showPaymentBatches([batch({ paymentBatchID: 41, batchNumber: 'PB-41', posted: 0 })], 41);
    api.deletePaymentBatch.mockResolvedValueOnce({ message: 'Payment Batch Successfully Deleted', pkid: 41 });
    await command('batches.deletePaymentBatch').run(onList, { paymentBatchID: '41', confirm: 'delete' });
    expect(api.deletePaymentBatch).toHaveBeenCalledWith(41, { source: 'hotkey', silent: true });
    expect(toasts.success).toHaveBeenCalledWith('Payment Batch Successfully Deleted: PB-41 · Aetna');
    expect(notices).toEqual([{ kind: 'paymentBatch', ids: [41] }]);
    expect(navigation.goTo).not.toHaveBeenCalled();
  });

  it('go back to the list after deleting the batch shown on its detail screen, and not after a refusal', async () => {
    showPaymentBatch(batch({ paymentBatchID: 42, batchNumber: 'PB-42', posted: 0 }), null);
    const onDetail: CommandContext = { ...onList, route: '/app/payment-batch/42' };
    api.deletePaymentBatch.mockRejectedValueOnce(new Error('Payment batch PB-42 has postings; reverse them first.'));
    await command('batches.deletePaymentBatch').run(onDetail, { paymentBatchID: '42', confirm: 'delete' });
    expect(navigation.goTo).not.toHaveBeenCalled();
    api.deletePaymentBatch.mockResolvedValueOnce({ message: 'Payment Batch Successfully Deleted', pkid: 42 });
    await command('batches.deletePaymentBatch').run(onDetail, { paymentBatchID: '42', confirm: 'delete' });
    expect(navigation.goTo).toHaveBeenCalledWith('/app/payment-batches');
  });

  it('do not offer to delete a batch money was posted from, and say why', () => {
    expect(deleteBatchChoices(batch({ posted: 9234 }))).toEqual([
      {
        value: 'keep',
        label: 'It cannot be deleted: $92.34 was posted from it. Reverse the postings and close the batch instead.',
      },
    ]);
    expect(deleteBatchChoices(batch({ posted: 0 })).map((choice) => choice.value)).toEqual(['delete', 'keep']);
  });

  it("reverse the detail's cursor posting from the palette after the confirm step alone, saying why when it cannot", async () => {
    const onDetail: CommandContext = { ...context, route: '/app/payment-batch/43' };
    const shown = batch({ paymentBatchID: 43, batchNumber: 'PB-43' });
    showPaymentBatch(shown, row({ ledgerID: 77 }));
    expect(command('batches.reverseLedgerPosting').steps?.map((each) => each.key)).toEqual(['confirm']);
    expect(command('batches.reverseLedgerPosting').disabledReason?.(onDetail)).toBeNull();
    expect(
      (await step('batches.reverseLedgerPosting', 'confirm').choices(onDetail, {})).map((choice) => choice.label),
    ).toEqual(['Reverse ledger posting 77', 'Keep it']);
    api.reversePaymentLedger.mockResolvedValueOnce({ message: 'Ledger posting reversed.', pkid: 78 });
    await command('batches.reverseLedgerPosting').run(onDetail, { confirm: 'reverse' });
    expect(api.reversePaymentLedger).toHaveBeenCalledWith(77, { source: 'palette', silent: true });
    showPaymentBatch(shown, row({ ledgerID: 77, reversedByLedgerID: 78 }));
    expect(command('batches.reverseLedgerPosting').disabledReason?.(onDetail)).toBe(
      'Ledger posting 77 is already reversed (by 78).',
    );
    showPaymentBatch(shown, null);
    expect(command('batches.reverseLedgerPosting').disabledReason?.(onDetail)).toBe(
      'Nothing was posted from PB-43 · Aetna.',
    );
    expect(command('batches.reverseLedgerPosting').steps?.map((each) => each.key)).toEqual([
      'paymentBatchID',
      'ledgerID',
      'confirm',
    ]);
  });

  it('say why delete and reassign cannot run on a list with no batch', () => {
    showPaymentBatches([], null);
    expect(command('batches.deletePaymentBatch').disabledReason?.(onList)).toBe('No payment batches are listed.');
    expect(command('batches.reassignPaymentBatch').disabledReason?.(onList)).toBe('No payment batches are listed.');
    expect(command('batches.deletePaymentBatch').disabledReason?.({ ...onList, route: '/app/all-claims' })).toBeNull();
    showPaymentBatches([batch()], 5);
    expect(command('batches.deletePaymentBatch').disabledReason?.(onList)).toBeNull();
  });
});

describe('the deposit commands on the reconciliation screen', () => {
  const onScreen: CommandContext = { ...context, route: '/app/payment-reconciliation' };
  const stepKeys = (id: string) => command(id).steps?.map((each) => each.key);

  it('reconcile the cursor deposit from the palette without a deposit step, naming it', async () => {
    expect(stepKeys('batches.reconcileDeposit')).toEqual(['deposit']);
    showReconciliationCursor(deposit({ kind: 'era', depositID: 7, reference: 'TRC-7', payerName: 'AETNA' }), null);
    expect(stepKeys('batches.reconcileDeposit')).toEqual([]);
    expect(command('batches.reconcileDeposit').disabledReason?.(onScreen)).toBeNull();
    api.reconcileDeposit.mockResolvedValueOnce({ message: 'Deposit reconciled.', pkid: 7 });
    await command('batches.reconcileDeposit').run(onScreen, {});
    expect(api.reconcileDeposit).toHaveBeenCalledWith({ eraCheckID: 7 }, { source: 'palette', silent: true });
    expect(toasts.success).toHaveBeenCalledWith('Deposit reconciled: ERA TRC-7 · AETNA');
  });

  it('say why the cursor deposit cannot be reconciled, and only on that screen', () => {
    showReconciliationCursor(deposit({ reconciled: true }), null);
    expect(command('batches.reconcileDeposit').disabledReason?.(onScreen)).toBe(
      'Batch PB-5 · Aetna is already reconciled.',
    );
    expect(command('batches.reconcileDeposit').disabledReason?.(context)).toBeNull();
    showReconciliationCursor(deposit({ deposited: 12500, posted: 10000, difference: 2500 }), null);
    expect(command('batches.reconcileDeposit').disabledReason?.(onScreen)).toBe(
      'Batch PB-5 · Aetna: posted $100.00 of the $125.00 deposited, a difference of $25.00. Post or correct it before reconciling.',
    );
    showReconciliationCursor(null, null);
    expect(command('batches.reconcileDeposit').disabledReason?.(onScreen)).toBe(
      'No deposit is listed here: "Show all deposits" lists the reconciled ones too.',
    );
  });

  it('reverse the cursor posting of the cursor deposit after the confirm step alone', async () => {
    expect(stepKeys('batches.reverseLedgerPosting')).toEqual(['paymentBatchID', 'ledgerID', 'confirm']);
    showReconciliationCursor(deposit({}), row({ ledgerID: 31 }));
    expect(stepKeys('batches.reverseLedgerPosting')).toEqual(['confirm']);
    expect(command('batches.reverseLedgerPosting').disabledReason?.(onScreen)).toBeNull();
    expect(
      (await step('batches.reverseLedgerPosting', 'confirm').choices(onScreen, {})).map((choice) => choice.label),
    ).toEqual(['Reverse ledger posting 31', 'Keep it']);
    await command('batches.reverseLedgerPosting').run(onScreen, { confirm: 'keep' });
    expect(api.reversePaymentLedger).not.toHaveBeenCalled();
    api.reversePaymentLedger.mockResolvedValueOnce({ message: 'Ledger posting reversed.', pkid: 32 });
    await command('batches.reverseLedgerPosting').run(onScreen, { confirm: 'reverse' });
    expect(api.reversePaymentLedger).toHaveBeenCalledWith(31, { source: 'palette', silent: true });
  });

  it('say why the cursor posting cannot be reversed', () => {
    const reason = (posting: BatchLedgerRow | null) => {
      showReconciliationCursor(deposit({}), posting);
      return command('batches.reverseLedgerPosting').disabledReason?.(onScreen);
    };
    expect(reason(null)).toBe('No posting of Batch PB-5 · Aetna is under the cursor (Enter goes into its postings).');
    expect(reason(row({ ledgerID: 2, reversedByLedgerID: 3 }))).toBe('Ledger posting 2 is already reversed (by 3).');
    expect(reason(row({ ledgerID: 3, entryType: 'reversal', amount: 6000 }))).toBe(
      'Ledger posting 3 (reversal) cannot be reversed: only payments and adjustments can.',
    );
    showReconciliationCursor(null, row({}));
    expect(command('batches.reverseLedgerPosting').disabledReason?.(onScreen)).toBe('No deposit is listed here.');
  });
});
