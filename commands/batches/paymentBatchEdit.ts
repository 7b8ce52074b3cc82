/**
 * "Edit payment batch…": one field of a payment batch at a time (its number, check, dates, total,
 * description) or closing / reopening it. The batch is the one a payment batch screen shows or has
 * under its cursor (E there), else picked. The value step depends on the field picked, so once the
 * field is known the run asks again with it answered and the palette shows that field's own step.
 * The server says whether it takes the change (a reconciled batch is refused, in its words).
 */
import type { PaymentBatch, UpdatePaymentBatchRequest } from '../../contract/batches.ts';
import { isCalendarDate } from '../../contract/claimStatusChange.ts';
import { formatCents } from '../../contract/money.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { getPaymentBatches, updatePaymentBatch } from '../../src/api/batches.ts';
import { askSteps, palette } from '../../src/console/paletteStore.ts';
import type { Command, CommandArgs, CommandChoice, CommandStep } from '../../src/console/types.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { batchChoices, batchName } from './batches.ts';

export const EDIT_BATCH_ID = 'batches.editPaymentBatch';
export const EDIT_BATCH_FAILED = 'The payment batch was not changed.';

export const BATCH_FIELDS = [
  'batchNumber',
  'checkNumber',
  'checkDate',
  'depositDate',
  'total',
  'description',
  'close',
  'reopen',
] as const;
export type BatchField = (typeof BATCH_FIELDS)[number];
const isField = (value: unknown): value is BatchField => (BATCH_FIELDS as readonly unknown[]).includes(value);

const LABELS: Readonly<Record<BatchField, string>> = {
  batchNumber: 'Batch number',
  checkNumber: 'Check number',
  checkDate: 'Check date',
  depositDate: 'Deposit date',
  total: 'Total',
  description: 'Description',
  close: 'Close batch',
  reopen: 'Reopen batch',
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const background = { silent: true, background: true } as const;

/** What the field holds now, for the choice's hint and the value step's title. */
function currentValue(batch: PaymentBatch, field: BatchField): string {
  switch (field) {
    case 'total':
      return formatCents(batch.total);
    case 'close':
    case 'reopen':
      return batch.status;
    case 'batchNumber':
    case 'checkNumber':
    case 'checkDate':
    case 'depositDate':
    case 'description':
      return batch[field] ?? 'empty';
  }
}

/** The fields of the batch; Close for an open batch, Reopen for a closed one. */
export function fieldChoices(batch: PaymentBatch | undefined): CommandChoice[] {
  if (batch?.status === 'reconciled')
    return [{ value: '', label: `${batchName(batch)} is reconciled; it can no longer be changed.` }];
  const status: BatchField = batch?.status === 'closed' ? 'reopen' : 'close';
  const fields = BATCH_FIELDS.filter((field) => field !== 'close' && field !== 'reopen');
  return [...fields, status].map((field) => ({
    value: field,
    label: LABELS[field],
    ...(batch === undefined ? {} : { hint: `now ${currentValue(batch, field)}` }),
  }));
}

const dateRule = (value: string) =>
  value.trim() === '' || isCalendarDate(value.trim())
    ? null
    : 'Type the date as YYYY-MM-DD, or leave it empty to clear it.';
const RULES: Partial<Record<BatchField, (value: string) => string | null>> = {
  batchNumber: (value) =>
    value.trim() === ''
      ? 'Give the batch number.'
      : value.trim().length > 40
        ? 'A batch number is at most 40 characters.'
        : null,
  checkNumber: (value) => (value.trim().length > 50 ? 'A check number is at most 50 characters.' : null),
  checkDate: dateRule,
  depositDate: dateRule,
  description: (value) => (value.trim().length > 200 ? 'A description is at most 200 characters.' : null),
};

/** The value step of a field: an amount for the total, checked text for the others. */
export function valueStep(field: BatchField, batch: PaymentBatch | undefined): CommandStep {
  const title = `New ${LABELS[field].toLowerCase()}${batch === undefined ? '' : ` of ${batch.batchNumber} (now ${currentValue(batch, field)})`}`;
  if (field === 'total') return { key: 'value', kind: 'amount', title, placeholder: 'e.g. 1250.00' };
  const placeholder =
    field === 'checkDate' || field === 'depositDate'
      ? 'YYYY-MM-DD; empty clears it'
      : field === 'batchNumber'
        ? 'e.g. 2026-11-20-01'
        : 'Enter with nothing clears it';
  const rule = RULES[field];
  return { key: 'value', kind: 'text', title, placeholder, ...(rule === undefined ? {} : { validate: rule }) };
}

/** The change the server gets; an emptied optional field is sent as null (cleared). */
export function changeOf(field: BatchField, value: unknown): Omit<UpdatePaymentBatchRequest, 'paymentBatchID'> {
  switch (field) {
    case 'close':
      return { status: 'closed' };
    case 'reopen':
      return { status: 'open' };
    case 'total':
      return { total: typeof value === 'number' ? value : 0 };
    case 'batchNumber':
      return { batchNumber: text(value) };
    case 'checkNumber':
    case 'checkDate':
    case 'depositDate':
    case 'description':
      return { [field]: text(value) === '' ? null : text(value) };
  }
}

/** The batches of the last choice list, so the later steps can name the picked one. */
const listed = new Map<number, PaymentBatch>();
const batchOf = (paymentBatchID: unknown) =>
  targetOf('paymentBatch', (batch) => batch.id === Number(paymentBatchID))?.batch ?? listed.get(Number(paymentBatchID));

/** The batch a payment batch screen is on: the one its detail shows, or the list's cursor batch. */
const currentBatchID = () => targetOf('paymentBatch')?.id ?? null;

/** The batch the run is about: the answer, else the one a payment batch screen is on. */
const batchIDOf = (args: CommandArgs) =>
  args.paymentBatchID === undefined ? currentBatchID() : Number(args.paymentBatchID);

const batchStep: CommandStep = {
  key: 'paymentBatchID',
  kind: 'choice',
  title: 'Payment batch to edit',
  choices: async () => {
    const { batches } = await getPaymentBatches({ pageSize: 500 }, background);
    for (const batch of batches) listed.set(batch.paymentBatchID, batch);
    const open = batches.filter((batch) => batch.status !== 'reconciled');
    return open.length === 0
      ? [{ value: '', label: 'No payment batch can be edited: a reconciled one cannot.' }]
      : batchChoices(open);
  },
};

const fieldStep: CommandStep = {
  key: 'field',
  kind: 'choice',
  title: 'Field to change',
  choices: (_ctx, answers) => {
    const batchID = answers.paymentBatchID ?? currentBatchID();
    return fieldChoices(batchID === null ? undefined : batchOf(batchID));
  },
};

/** The field the palette is asking the value of: the run asked again with it answered. */
function fieldBeingAsked(): BatchField | null {
  const pending = palette.pending;
  return pending?.commandId === EDIT_BATCH_ID && isField(pending.answers.field) ? pending.answers.field : null;
}

const edit: Command = {
  id: EDIT_BATCH_ID,
  title: 'Edit payment batch…',
  screenKey: 'e',
  group: 'Payments',
  keywords: [
    'batch',
    'payment batch',
    'edit',
    'change',
    'total',
    'check',
    'deposit date',
    'close batch',
    'reopen',
    'description',
  ],
  privilege: 'PAYMENTS',
  // On a payment batch screen the batch is the one it is on; once the field is known, its value step follows.
  get steps(): readonly CommandStep[] {
    const field = fieldBeingAsked();
    const first = currentBatchID() === null ? [batchStep, fieldStep] : [fieldStep];
    if (field === null || field === 'close' || field === 'reopen') return first;
    const batchID = palette.pending?.answers.paymentBatchID ?? currentBatchID();
    return [...first, valueStep(field, batchID === null ? undefined : batchOf(batchID))];
  },
  run: async (ctx, args) => {
    const paymentBatchID = batchIDOf(args);
    if (paymentBatchID === null || !Number.isSafeInteger(paymentBatchID) || paymentBatchID <= 0 || !isField(args.field))
      return;
    const field = args.field;
    if (field !== 'close' && field !== 'reopen' && args.value === undefined) {
      askSteps(EDIT_BATCH_ID, ctx.source, { ...args, paymentBatchID: String(paymentBatchID) });
      return;
    }
    const batch = batchOf(paymentBatchID);
    const name = batch === undefined ? `Batch ${paymentBatchID}` : batchName(batch);
    try {
      await updatePaymentBatch(
        { paymentBatchID, ...changeOf(field, args.value) },
        { source: ctx.source, silent: true },
      );
      notify.success(
        `${name}: ${LABELS[field].toLowerCase()}${field === 'close' || field === 'reopen' ? '' : ` ${field === 'total' ? formatCents(Number(args.value)) : text(args.value) || 'cleared'}`}`,
      );
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(
        EDIT_BATCH_FAILED,
        thrown instanceof ApiError
          ? (thrown.serverMessage ?? thrown.message)
          : thrown instanceof Error
            ? thrown.message
            : undefined,
      );
    } finally {
      recordsChanged('paymentBatch', [paymentBatchID]);
    }
  },
};

export const paymentBatchEditCommands: readonly Command[] = [edit];
