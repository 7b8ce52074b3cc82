import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentBatch } from '../../contract/batches.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { CommandContext } from '../../src/console/types.ts';

const api = vi.hoisted(() => ({ getPaymentBatches: vi.fn(), updatePaymentBatch: vi.fn() }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../src/api/batches.ts', () => api);
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: toasts }));
const { paymentBatchEditCommands, fieldChoices, changeOf, valueStep } = await import('./paymentBatchEdit.ts');
const { EVERY_KIND, watchRecords } = await import('../../src/state/recordsChanged.ts');
const { publishTarget } = await import('../../src/state/target.ts');

/** The payment batch list's target: its cursor batch. */
function showPaymentBatches(batches: readonly PaymentBatch[], cursorID: number): void {
  const cursor = batches.find((each) => each.paymentBatchID === cursorID);
  if (cursor !== undefined)
    publishTarget('paymentBatches', 'paymentBatch', {
      kind: 'paymentBatch',
      id: cursor.paymentBatchID,
      batch: cursor,
      open: false,
    });
}
/** A payment batch detail's target: the batch it shows. */
const showPaymentBatch = (shown: PaymentBatch) =>
  publishTarget('paymentBatch', 'paymentBatch', {
    kind: 'paymentBatch',
    id: shown.paymentBatchID,
    batch: shown,
    open: true,
  });

/** The change notices the command announced: the batch screens read again on them. */
let notices: { kind: string; ids: readonly number[] | null }[] = [];
watchRecords(EVERY_KIND, (notice) => notices.push(notice));
const { palette } = await import('../../src/console/paletteStore.ts');
const { resetStores } = await import('../../src/state/store.ts');

const context: CommandContext = {
  route: '/app/payment-batches',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['PAYMENTS']),
  source: 'hotkey',
};
const edit = paymentBatchEditCommands[0]!;
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

beforeEach(() => {
  vi.clearAllMocks();
  resetStores();
  notices = [];
  api.updatePaymentBatch.mockResolvedValue({ message: 'Batch Successfully Update', pkid: 5, documents: [] });
});

describe('Edit payment batch…', () => {
  it('on a payment batch screen asks only the field, of the cursor batch; elsewhere the batch first', () => {
    expect(edit.steps?.map((step) => step.key)).toEqual(['paymentBatchID', 'field']);
    showPaymentBatches([batch()], 5);
    expect(edit.steps?.map((step) => step.key)).toEqual(['field']);
    expect(edit.screenKey).toBe('e');
  });

  it('offers Close for an open batch, Reopen for a closed one, nothing for a reconciled one', () => {
    expect(fieldChoices(batch()).map((choice) => choice.label)).toEqual([
      'Batch number',
      'Check number',
      'Check date',
      'Deposit date',
      'Total',
      'Description',
      'Close batch',
    ]);
    expect(fieldChoices(batch()).find((choice) => choice.value === 'total')?.hint).toBe('now $150.00');
    expect(fieldChoices(batch({ status: 'closed' })).at(-1)?.label).toBe('Reopen batch');
    expect(fieldChoices(batch({ status: 'reconciled' }))).toEqual([
      { value: '', label: 'PB-5 · Aetna is reconciled; it can no longer be changed.' },
    ]);
  });

  it('checks each typed value before it is sent', () => {
    const date = valueStep('depositDate', batch());
    expect(date.kind === 'text' && date.validate?.('11/20/2026')).toBe(
      'Type the date as YYYY-MM-DD, or leave it empty to clear it.',
    );
    expect(date.kind === 'text' && date.validate?.('2026-11-20')).toBeNull();
    const number = valueStep('batchNumber', batch());
    expect(number.kind === 'text' && number.validate?.(' ')).toBe('Give the batch number.');
    expect(valueStep('total', batch())).toMatchObject({ kind: 'amount', title: 'New total of PB-5 (now $150.00)' });
    expect(changeOf('checkNumber', '')).toEqual({ checkNumber: null });
    expect(changeOf('close', undefined)).toEqual({ status: 'closed' });
  });

  it('once the field is picked asks again for its value, then sends the change for the cursor batch', async () => {
    showPaymentBatches([batch()], 5);
    await edit.run(context, { paymentBatchID: '5', field: 'total' });
    expect(api.updatePaymentBatch).not.toHaveBeenCalled();
    expect(palette.pending).toEqual({
      commandId: 'batches.editPaymentBatch',
      source: 'hotkey',
      answers: { paymentBatchID: '5', field: 'total' },
    });
    expect(edit.steps?.map((step) => step.key)).toEqual(['field', 'value']);
    await edit.run(context, { paymentBatchID: '5', field: 'total', value: 20000 });
    expect(api.updatePaymentBatch).toHaveBeenCalledWith(
      { paymentBatchID: 5, total: 20000 },
      { source: 'hotkey', silent: true },
    );
    expect(toasts.success).toHaveBeenCalledWith('PB-5 · Aetna: total $200.00');
    expect(notices).toEqual([{ kind: 'paymentBatch', ids: [5] }]);
  });

  it('closes the batch the detail screen shows without asking a value', async () => {
    showPaymentBatch(batch({ paymentBatchID: 9, batchNumber: 'PB-9' }));
    await edit.run({ ...context, route: '/app/payment-batch/9' }, { field: 'close' });
    expect(api.updatePaymentBatch).toHaveBeenCalledWith(
      { paymentBatchID: 9, status: 'closed' },
      { source: 'hotkey', silent: true },
    );
  });

  it('shows the server’s refusal', async () => {
    showPaymentBatches([batch()], 5);
    api.updatePaymentBatch.mockRejectedValue(
      ApiError.fromStatus(400, 'This payment batch is reconciled; it can no longer be changed.'),
    );
    await edit.run(context, { paymentBatchID: '5', field: 'description', value: 'x' });
    expect(toasts.error).toHaveBeenCalledWith(
      'The payment batch was not changed.',
      'This payment batch is reconciled; it can no longer be changed.',
    );
  });
});
