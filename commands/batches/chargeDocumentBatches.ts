/**
 * Charge and document batches by keyboard: open one, and change its number, description, expected
 * total (charge) or type (document), or close and reopen it. The server checks every rule (a
 * batch number used twice in the group, a batch of another practice); the palette says what it
 * answered. On the list screens N opens a batch and E edits the cursor batch, on a detail screen E
 * edits the batch shown: the edit then asks no batch. Each change has the screens read again.
 */
import { DOCUMENT_BATCH_TYPES, type ChargeBatch, type UpdateDocumentBatchRequest } from '../../contract/batches.ts';
import { formatCents } from '../../contract/money.ts';
import { ApiError } from '../../src/api/apiError.ts';
import {
  addChargeBatch,
  addDocumentBatch,
  getBatches,
  getChargeBatches,
  updateChargeBatch,
  updateDocumentBatch,
} from '../../src/api/batches.ts';
import { getPractices } from '../../src/api/crosswalks.ts';
import { parseDollarsToCents } from '../../src/console/stepAnswers.ts';
import type { Command, CommandArgs, CommandChoice, CommandStep } from '../../src/console/types.ts';
import type { DocumentBatchRow } from '../../src/features/batches/index.ts';
import { CHARGE_BATCHES_PATH, DOCUMENT_BATCHES_PATH } from '../../src/routing/paths.ts';
import { recordsChanged, type RecordKind } from '../../src/state/recordsChanged.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';

export const NEW_CHARGE_BATCH_FAILED = 'The charge batch was not created.';
export const EDIT_CHARGE_BATCH_FAILED = 'The charge batch was not changed.';
export const NEW_DOCUMENT_BATCH_FAILED = 'The document batch was not created.';
export const EDIT_DOCUMENT_BATCH_FAILED = 'The document batch was not changed.';

const background = { silent: true, background: true } as const;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The server's reason for a refusal (it names the taken batch number or the missing batch). */
function failureText(thrown: unknown): string | undefined {
  if (thrown instanceof ApiError) return thrown.serverMessage ?? thrown.message;
  return thrown instanceof Error ? thrown.message : undefined;
}

/**
 * Runs a call, toasting the server's message or its refusal under `failed`; either way the batches
 * of `kind` (the one in `ids`, or a new one) are announced changed, so the screens read again.
 */
async function announce(
  failed: string,
  call: () => Promise<{ message: string }>,
  detail: string,
  kind: RecordKind,
  ids?: readonly number[],
): Promise<void> {
  try {
    const { message } = await call();
    notify.success(`${message.replace(/\.$/, '')}: ${detail}`);
  } catch (thrown) {
    if (!(thrown instanceof ApiError && thrown.code === 'cancelled')) notify.error(failed, failureText(thrown));
  } finally {
    recordsChanged(kind, ids);
  }
}

/** The charge batch the biller is on: the one its detail screen shows, else the list's cursor batch. */
const currentChargeBatch = (): ChargeBatch | null => targetOf('chargeBatch')?.batch ?? null;

/** The document batch the biller is on, by ID and number (the list rows carry no more). */
function currentDocumentBatch(): {
  documentBatchID: number;
  batchNumber: string;
  status: string;
  description: string | null;
} | null {
  const batch = targetOf('documentBatch');
  return batch === null
    ? null
    : {
        documentBatchID: batch.id,
        batchNumber: batch.batchNumber,
        status: batch.status,
        description: batch.description,
      };
}

const practiceStep: CommandStep = {
  key: 'practiceID',
  kind: 'choice',
  title: 'Practice the batch is for',
  choices: async () =>
    (await getPractices(background)).practices.map((practice) => ({
      value: String(practice.practiceID),
      label: practice.name,
      hint: practice.groupName,
    })),
};
const numberStep: CommandStep = {
  key: 'batchNumber',
  kind: 'text',
  title: 'Batch number',
  placeholder: 'e.g. CB-2026-11-20',
  validate: (value) => batchNumberError(value),
};
const descriptionStep: CommandStep = {
  key: 'description',
  kind: 'text',
  title: 'Description',
  placeholder: 'Enter to leave it empty',
  validate: (value) => descriptionError(value),
};

function batchNumberError(value: string): string | null {
  return value.trim() === ''
    ? 'Give the batch number.'
    : value.trim().length > 40
      ? 'A batch number is at most 40 characters.'
      : null;
}
function descriptionError(value: string): string | null {
  return value.trim().length > 200 ? 'A description is at most 200 characters.' : null;
}
/** An expected total may be skipped (Enter): a batch without one has nothing to balance against. */
function totalError(value: string): string | null {
  return value.trim() === '' || parseDollarsToCents(value) !== null
    ? null
    : 'Type the total in dollars, like 1250.00, or leave it empty.';
}

// Charge batches ---------------------------------------------------------------------------------

export function chargeBatchName(batch: Pick<ChargeBatch, 'batchNumber' | 'practiceName'>): string {
  return `${batch.batchNumber} · ${batch.practiceName}`;
}

/** The charge batches of the last choice list, so the field step and the toast can name the picked one. */
const listedCharge = new Map<number, ChargeBatch>();
async function chargeBatchChoices(): Promise<CommandChoice[]> {
  const { batches } = await getChargeBatches({ pageSize: 500 }, background);
  for (const batch of batches) listedCharge.set(batch.chargeBatchID, batch);
  if (batches.length === 0) return [{ value: '', label: 'No charge batch yet: create one with "New charge batch…".' }];
  return batches.map((batch) => ({
    value: String(batch.chargeBatchID),
    label: chargeBatchName(batch),
    hint: `${batch.status} · expected ${formatCents(batch.total)} · entered ${formatCents(batch.entered)}${batch.description === null ? '' : ` · ${batch.description}`}`,
  }));
}
/** The batch to edit: the picked one, else the one the screen is on (its keys and the palette there skip the pick). */
function chargeBatchToEdit(args: CommandArgs): ChargeBatch | null {
  const current = currentChargeBatch();
  if (args.chargeBatchID === undefined) return current;
  // The screen's copy first: it was read after the last change, a choice list's may be older.
  const id = Number(args.chargeBatchID);
  return current?.chargeBatchID === id ? current : (listedCharge.get(id) ?? null);
}

/** What can be changed on a charge batch, each with its value now; closing or reopening as fits its status. */
export function chargeFieldChoices(batch: ChargeBatch | null): CommandChoice[] {
  return [
    { value: 'batchNumber', label: 'Batch number', hint: batch?.batchNumber },
    { value: 'description', label: 'Description', hint: batch?.description ?? 'none' },
    { value: 'total', label: 'Expected total', hint: batch === null ? undefined : formatCents(batch.total) },
    batch?.status === 'closed'
      ? { value: 'reopen', label: 'Reopen batch', hint: 'claims can be entered with it again' }
      : { value: 'close', label: 'Close batch', hint: 'no more claims are entered with it' },
  ];
}

/** The value step every edit ends with; for a close or reopen, Enter confirms it. */
const valueStep: CommandStep = {
  key: 'value',
  kind: 'text',
  title: 'New value (Enter alone clears a description, or confirms a close / reopen)',
  placeholder: 'The new value; a total in dollars, e.g. 1250.00',
};

/** The fields an edit changes: the document batch's, with a charge batch's expected total. */
export type BatchChange = Omit<UpdateDocumentBatchRequest, 'documentBatchID' | 'assignedUserID'> & { total?: number };

/** The update a field answer and typed value make, or why they cannot. */
export function fieldChange(field: unknown, typed: unknown): { change: BatchChange } | { error: string } {
  const value = text(typed);
  switch (field) {
    case 'close':
      return { change: { status: 'closed' } };
    case 'reopen':
      return { change: { status: 'open' } };
    case 'batchNumber': {
      const error = batchNumberError(value);
      return error === null ? { change: { batchNumber: value } } : { error };
    }
    case 'description': {
      const error = descriptionError(value);
      return error === null ? { change: { description: value === '' ? null : value } } : { error };
    }
    case 'total': {
      const total = parseDollarsToCents(value);
      return total === null ? { error: 'Type the expected total in dollars, like 1250.00.' } : { change: { total } };
    }
    default: {
      const batchType = DOCUMENT_BATCH_TYPES.find((type) => field === `type:${type}`);
      return batchType === undefined ? { error: 'Pick what to change.' } : { change: { batchType } };
    }
  }
}

const newChargeBatch: Command = {
  id: 'batches.newChargeBatch',
  title: 'New charge batch…',
  screenKey: 'n',
  group: 'Payments',
  keywords: ['batch', 'charge batch', 'superbill', 'charge entry', 'new', 'create', 'open batch'],
  privilege: 'PAYMENTS',
  steps: [
    practiceStep,
    numberStep,
    {
      key: 'total',
      kind: 'text',
      title: 'Expected total',
      placeholder: 'In dollars, e.g. 1250.00; Enter to leave it empty',
      validate: totalError,
    },
    descriptionStep,
  ],
  run: async (ctx, args) => {
    const batchNumber = text(args.batchNumber);
    const total = parseDollarsToCents(text(args.total)) ?? 0;
    const description = text(args.description);
    await announce(
      NEW_CHARGE_BATCH_FAILED,
      () =>
        addChargeBatch(
          { practiceID: Number(args.practiceID), batchNumber, total, ...(description === '' ? {} : { description }) },
          { source: ctx.source, silent: true },
        ),
      `Batch ${batchNumber} · expected ${formatCents(total)}`,
      'chargeBatch',
    );
  },
};

const editChargeBatch: Command = {
  id: 'batches.editChargeBatch',
  title: 'Edit charge batch…',
  screenKey: 'e',
  group: 'Payments',
  keywords: [
    'batch',
    'charge batch',
    'edit',
    'change',
    'rename',
    'description',
    'expected total',
    'close batch',
    'reopen batch',
  ],
  privilege: 'PAYMENTS',
  disabledReason: (ctx) =>
    ctx.route === CHARGE_BATCHES_PATH && currentChargeBatch() === null ? 'No charge batch is listed.' : null,
  // On a charge batch screen the batch it is on is the one: no batch is picked.
  get steps(): readonly CommandStep[] {
    const field: CommandStep = {
      key: 'field',
      kind: 'choice',
      title: 'What to change',
      choices: (_ctx, answers) => chargeFieldChoices(chargeBatchToEdit(answers)),
    };
    if (currentChargeBatch() !== null) return [field, valueStep];
    return [
      { key: 'chargeBatchID', kind: 'choice', title: 'Charge batch to edit', choices: chargeBatchChoices },
      field,
      valueStep,
    ];
  },
  run: async (ctx, args) => {
    const batch = chargeBatchToEdit(args);
    if (batch === null) return;
    const outcome = fieldChange(args.field, args.value);
    if ('error' in outcome || outcome.change.batchType !== undefined) {
      notify.error(EDIT_CHARGE_BATCH_FAILED, 'error' in outcome ? outcome.error : 'A charge batch has no type.');
      return;
    }
    const { batchType: _none, ...change } = outcome.change;
    await announce(
      EDIT_CHARGE_BATCH_FAILED,
      () => updateChargeBatch({ chargeBatchID: batch.chargeBatchID, ...change }, { source: ctx.source, silent: true }),
      chargeBatchName(batch),
      'chargeBatch',
      [batch.chargeBatchID],
    );
  },
};

// Document batches -------------------------------------------------------------------------------

type DocumentBatchPick = NonNullable<ReturnType<typeof currentDocumentBatch>>;

const listedDocument = new Map<number, DocumentBatchRow>();
async function documentBatchChoices(): Promise<CommandChoice[]> {
  const { batches } = await getBatches({ kind: 'document', pageSize: 500 }, background);
  for (const batch of batches) listedDocument.set(batch.batchID, batch);
  if (batches.length === 0)
    return [{ value: '', label: 'No document batch yet: create one with "New document batch…".' }];
  return batches.map((batch) => ({
    value: String(batch.batchID),
    label: `${batch.batchNumber} · ${batch.practiceName}`,
    hint: `${batch.status}${batch.description === null ? '' : ` · ${batch.description}`}`,
  }));
}
function documentBatchToEdit(args: CommandArgs): DocumentBatchPick | null {
  const current = currentDocumentBatch();
  if (args.documentBatchID === undefined) return current;
  const id = Number(args.documentBatchID);
  if (current?.documentBatchID === id) return current;
  const row = listedDocument.get(id);
  return row === undefined
    ? null
    : { documentBatchID: row.batchID, batchNumber: row.batchNumber, status: row.status, description: row.description };
}

/** What can be changed on a document batch: its number, description, type (each type a choice) and status. */
export function documentFieldChoices(batch: DocumentBatchPick | null): CommandChoice[] {
  return [
    { value: 'batchNumber', label: 'Batch number', hint: batch?.batchNumber },
    { value: 'description', label: 'Description', hint: batch === null ? undefined : (batch.description ?? 'none') },
    ...DOCUMENT_BATCH_TYPES.map((type) => ({ value: `type:${type}`, label: `Type: ${type}` })),
    batch?.status === 'closed' ? { value: 'reopen', label: 'Reopen batch' } : { value: 'close', label: 'Close batch' },
  ];
}

const newDocumentBatch: Command = {
  id: 'batches.newDocumentBatch',
  title: 'New document batch…',
  screenKey: 'n',
  group: 'Payments',
  keywords: ['batch', 'document batch', 'scanned', 'mail', 'correspondence', 'new', 'create'],
  privilege: 'PAYMENTS',
  steps: [
    practiceStep,
    numberStep,
    {
      key: 'batchType',
      kind: 'choice',
      title: 'What the stack holds',
      choices: () => DOCUMENT_BATCH_TYPES.map((type) => ({ value: type, label: type })),
    },
    descriptionStep,
  ],
  run: async (ctx, args) => {
    const batchNumber = text(args.batchNumber);
    const batchType = DOCUMENT_BATCH_TYPES.find((type) => type === args.batchType);
    if (batchType === undefined) return;
    const description = text(args.description);
    await announce(
      NEW_DOCUMENT_BATCH_FAILED,
      () =>
        addDocumentBatch(
          {
            practiceID: Number(args.practiceID),
            batchNumber,
            batchType,
            ...(description === '' ? {} : { description }),
          },
          { source: ctx.source, silent: true },
        ),
      `Batch ${batchNumber} · ${batchType}`,
      'documentBatch',
    );
  },
};

const editDocumentBatch: Command = {
  id: 'batches.editDocumentBatch',
  title: 'Edit document batch…',
  screenKey: 'e',
  group: 'Payments',
  keywords: [
    'batch',
    'document batch',
    'edit',
    'change',
    'rename',
    'description',
    'type',
    'close batch',
    'reopen batch',
  ],
  privilege: 'PAYMENTS',
  disabledReason: (ctx) =>
    ctx.route === DOCUMENT_BATCHES_PATH && currentDocumentBatch() === null ? 'No document batch is listed.' : null,
  // On a document batch screen the batch it is on is the one: no batch is picked.
  get steps(): readonly CommandStep[] {
    const field: CommandStep = {
      key: 'field',
      kind: 'choice',
      title: 'What to change',
      choices: (_ctx, answers) => documentFieldChoices(documentBatchToEdit(answers)),
    };
    if (currentDocumentBatch() !== null) return [field, valueStep];
    return [
      { key: 'documentBatchID', kind: 'choice', title: 'Document batch to edit', choices: documentBatchChoices },
      field,
      valueStep,
    ];
  },
  run: async (ctx, args) => {
    const batch = documentBatchToEdit(args);
    if (batch === null) return;
    const outcome = fieldChange(args.field, args.value);
    if ('error' in outcome || outcome.change.total !== undefined) {
      notify.error(
        EDIT_DOCUMENT_BATCH_FAILED,
        'error' in outcome ? outcome.error : 'A document batch has no expected total.',
      );
      return;
    }
    const { total: _none, ...change } = outcome.change;
    await announce(
      EDIT_DOCUMENT_BATCH_FAILED,
      () =>
        updateDocumentBatch(
          { documentBatchID: batch.documentBatchID, ...change },
          { source: ctx.source, silent: true },
        ),
      batch.batchNumber,
      'documentBatch',
      [batch.documentBatchID],
    );
  },
};

export const chargeDocumentBatchCommands: readonly Command[] = [
  newChargeBatch,
  editChargeBatch,
  newDocumentBatch,
  editDocumentBatch,
];
