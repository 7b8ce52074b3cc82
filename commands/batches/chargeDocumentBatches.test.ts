import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargeBatch, DocumentBatch } from '../../contract/batches.ts';
import type { CommandContext } from '../../src/console/types.ts';

const api = vi.hoisted(() => ({
  addChargeBatch: vi.fn(),
  addDocumentBatch: vi.fn(),
  getBatches: vi.fn(),
  getChargeBatches: vi.fn(),
  updateChargeBatch: vi.fn(),
  updateDocumentBatch: vi.fn(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../src/api/batches.ts', () => api);
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: toasts }));
vi.mock('../../src/api/crosswalks.ts', () => ({
  getPractices: vi.fn().mockResolvedValue({ practices: [{ practiceID: 1, name: 'Main Street', groupName: 'Group' }] }),
}));
const { chargeDocumentBatchCommands, fieldChange } = await import('./chargeDocumentBatches.ts');
const { EVERY_KIND, watchRecords } = await import('../../src/state/recordsChanged.ts');
const { publishTarget } = await import('../../src/state/target.ts');

/** The batch screens' targets: a list's cursor batch, or the batch a detail screen shows. */
const chargeCursor = (batch: ChargeBatch) =>
  publishTarget('chargeBatches', 'chargeBatch', { kind: 'chargeBatch', id: batch.chargeBatchID, batch, open: false });
const chargeShown = (batch: ChargeBatch) =>
  publishTarget('chargeBatch', 'chargeBatch', { kind: 'chargeBatch', id: batch.chargeBatchID, batch, open: true });
const documentShown = (batch: DocumentBatch) =>
  publishTarget('documentBatch', 'documentBatch', {
    kind: 'documentBatch',
    id: batch.documentBatchID,
    batchNumber: batch.batchNumber,
    status: batch.status,
    description: batch.description,
    open: true,
  });

/** The change notices the commands announced: the batch screens read again on them. */
let notices: { kind: string; ids: readonly number[] | null }[] = [];
watchRecords(EVERY_KIND, (notice) => notices.push(notice));
const { answerTyped } = await import('../../src/console/stepAnswers.ts');
const { resetStores } = await import('../../src/state/store.ts');

const context: CommandContext = {
  route: '/app/charge-batches',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['PAYMENTS']),
  source: 'palette',
};
const command = (id: string) => {
  const found = chargeDocumentBatchCommands.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
};
const stepKeys = (id: string) => (command(id).steps ?? []).map((step) => step.key);
const step = (id: string, key: string) => {
  const found = command(id).steps?.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`No step ${key}`);
  return found;
};
const choices = async (id: string, key: string, answers: Record<string, unknown> = {}) => {
  const found = step(id, key);
  if (found.kind !== 'choice') throw new Error(`${key} is not a choice step`);
  return found.choices(context, answers);
};

const chargeBatch = (overrides: Partial<ChargeBatch> = {}): ChargeBatch => ({
  chargeBatchID: 4,
  groupID: 1,
  practiceID: 1,
  practiceName: 'Main Street',
  batchNumber: 'CB-4',
  description: null,
  status: 'open',
  assignedUserID: null,
  assignedTo: null,
  total: 125000,
  entered: 0,
  difference: 125000,
  claims: 0,
  documents: 0,
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});
const documentBatch = (overrides: Partial<DocumentBatch> = {}): DocumentBatch => ({
  documentBatchID: 9,
  groupID: 1,
  practiceID: 1,
  practiceName: 'Main Street',
  batchNumber: 'DB-9',
  batchType: 'EOB',
  description: 'Monday mail',
  status: 'closed',
  assignedUserID: null,
  assignedTo: null,
  documents: 0,
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

beforeEach(() => {
  vi.clearAllMocks();
  resetStores();
  notices = [];
});

describe('New charge batch…', () => {
  it('asks the practice, the number, the expected total and the description; Enter skips the optional ones', () => {
    expect(stepKeys('batches.newChargeBatch')).toEqual(['practiceID', 'batchNumber', 'total', 'description']);
    expect(answerTyped(step('batches.newChargeBatch', 'total'), '')).toEqual({ ok: true, value: '', shown: '—' });
    expect(answerTyped(step('batches.newChargeBatch', 'description'), '')).toMatchObject({ ok: true, value: '' });
    expect(answerTyped(step('batches.newChargeBatch', 'total'), 'twelve')).toEqual({
      ok: false,
      error: 'Type the total in dollars, like 1250.00, or leave it empty.',
    });
    expect(answerTyped(step('batches.newChargeBatch', 'batchNumber'), ' ')).toEqual({
      ok: false,
      error: 'Give the batch number.',
    });
  });

  it('sends the expected total as integer cents and toasts the server message', async () => {
    api.addChargeBatch.mockResolvedValueOnce({ message: 'Batch Successfully Created', pkid: 4, documents: [] });
    await command('batches.newChargeBatch').run(context, {
      practiceID: '1',
      batchNumber: ' CB-4 ',
      total: '1,250.00',
      description: '',
    });
    expect(api.addChargeBatch).toHaveBeenCalledWith(
      { practiceID: 1, batchNumber: 'CB-4', total: 125000 },
      { source: 'palette', silent: true },
    );
    expect(toasts.success).toHaveBeenCalledWith('Batch Successfully Created: Batch CB-4 · expected $1,250.00');
    expect(notices).toEqual([{ kind: 'chargeBatch', ids: null }]);
  });

  it('sends no total as 0 and the description when one was typed', async () => {
    api.addChargeBatch.mockResolvedValueOnce({ message: 'Batch Successfully Created', pkid: 5, documents: [] });
    await command('batches.newChargeBatch').run(context, {
      practiceID: '1',
      batchNumber: 'CB-5',
      total: '',
      description: ' Dr. Lee superbills ',
    });
    expect(api.addChargeBatch).toHaveBeenCalledWith(
      { practiceID: 1, batchNumber: 'CB-5', total: 0, description: 'Dr. Lee superbills' },
      { source: 'palette', silent: true },
    );
  });

  it("shows a server refusal in the server's words, and the screens still read again", async () => {
    api.addChargeBatch.mockRejectedValueOnce(
      new Error('Batch number CB-4 is already used in this group; give another number.'),
    );
    await command('batches.newChargeBatch').run(context, {
      practiceID: '1',
      batchNumber: 'CB-4',
      total: '',
      description: '',
    });
    expect(toasts.error).toHaveBeenCalledWith(
      'The charge batch was not created.',
      'Batch number CB-4 is already used in this group; give another number.',
    );
    expect(toasts.success).not.toHaveBeenCalled();
    expect(notices).toEqual([{ kind: 'chargeBatch', ids: null }]);
  });
});

describe('Edit charge batch…', () => {
  it('off the batch screens, asks the batch first, then the field and its value', async () => {
    expect(stepKeys('batches.editChargeBatch')).toEqual(['chargeBatchID', 'field', 'value']);
    api.getChargeBatches.mockResolvedValueOnce({ count: 1, batches: [chargeBatch({ description: 'Dr. Lee' })] });
    expect(await choices('batches.editChargeBatch', 'chargeBatchID')).toEqual([
      { value: '4', label: 'CB-4 · Main Street', hint: 'open · expected $1,250.00 · entered $0.00 · Dr. Lee' },
    ]);
    expect(
      (await choices('batches.editChargeBatch', 'field', { chargeBatchID: '4' })).map((choice) => [
        choice.value,
        choice.hint,
      ]),
    ).toEqual([
      ['batchNumber', 'CB-4'],
      ['description', 'Dr. Lee'],
      ['total', '$1,250.00'],
      ['close', 'no more claims are entered with it'],
    ]);
  });

  it('on a charge batch screen, edits the cursor or shown batch without asking which', async () => {
    chargeCursor(chargeBatch({ status: 'closed' }));
    expect(stepKeys('batches.editChargeBatch')).toEqual(['field', 'value']);
    expect((await choices('batches.editChargeBatch', 'field')).at(-1)).toMatchObject({
      value: 'reopen',
      label: 'Reopen batch',
    });
    api.updateChargeBatch.mockResolvedValueOnce({ message: 'Batch Successfully Update', pkid: 4, documents: [] });
    await command('batches.editChargeBatch').run(context, { field: 'reopen', value: '' });
    expect(api.updateChargeBatch).toHaveBeenCalledWith(
      { chargeBatchID: 4, status: 'open' },
      { source: 'palette', silent: true },
    );
    expect(toasts.success).toHaveBeenCalledWith('Batch Successfully Update: CB-4 · Main Street');
  });

  it('sends the changed field only: a description, a cleared description, a total in cents, a close', async () => {
    chargeShown(chargeBatch());
    api.updateChargeBatch.mockResolvedValue({ message: 'Batch Successfully Update', pkid: 4, documents: [] });
    await command('batches.editChargeBatch').run(context, {
      chargeBatchID: '4',
      field: 'description',
      value: ' Tuesday run ',
    });
    await command('batches.editChargeBatch').run(context, { field: 'description', value: '' });
    await command('batches.editChargeBatch').run(context, { field: 'total', value: '$99.5' });
    await command('batches.editChargeBatch').run(context, { field: 'close', value: '' });
    expect(api.updateChargeBatch.mock.calls.map(([body]: unknown[]) => body)).toEqual([
      { chargeBatchID: 4, description: 'Tuesday run' },
      { chargeBatchID: 4, description: null },
      { chargeBatchID: 4, total: 9950 },
      { chargeBatchID: 4, status: 'closed' },
    ]);
  });

  it('refuses a value that is not one without calling the server', async () => {
    chargeShown(chargeBatch());
    await command('batches.editChargeBatch').run(context, { field: 'total', value: 'lots' });
    await command('batches.editChargeBatch').run(context, { field: 'batchNumber', value: '' });
    expect(api.updateChargeBatch).not.toHaveBeenCalled();
    expect(toasts.error.mock.calls).toEqual([
      ['The charge batch was not changed.', 'Type the expected total in dollars, like 1250.00.'],
      ['The charge batch was not changed.', 'Give the batch number.'],
    ]);
  });

  it("shows the server's refusal of a taken number", async () => {
    chargeShown(chargeBatch());
    api.updateChargeBatch.mockRejectedValueOnce(
      new Error('Batch number CB-1 is already used in this group; give another number.'),
    );
    await command('batches.editChargeBatch').run(context, { field: 'batchNumber', value: 'CB-1' });
    expect(toasts.error).toHaveBeenCalledWith(
      'The charge batch was not changed.',
      'Batch number CB-1 is already used in this group; give another number.',
    );
  });

  it('is refused on an empty charge batch list', () => {
    expect(command('batches.editChargeBatch').disabledReason?.(context)).toBe('No charge batch is listed.');
    chargeCursor(chargeBatch());
    expect(command('batches.editChargeBatch').disabledReason?.(context)).toBeNull();
  });
});

describe('New document batch…', () => {
  it('asks the practice, the number, the type and the description, and sends them', async () => {
    expect(stepKeys('batches.newDocumentBatch')).toEqual(['practiceID', 'batchNumber', 'batchType', 'description']);
    expect((await choices('batches.newDocumentBatch', 'batchType')).map((choice) => choice.value)).toEqual([
      'EOB',
      'Superbill',
      'Medical Records',
      'Correspondence',
      'Denial Letter',
      'Other',
    ]);
    api.addDocumentBatch.mockResolvedValueOnce({ message: 'Batch Successfully Created', pkid: 9, documents: [] });
    await command('batches.newDocumentBatch').run(context, {
      practiceID: '1',
      batchNumber: 'DB-9',
      batchType: 'Correspondence',
      description: '',
    });
    expect(api.addDocumentBatch).toHaveBeenCalledWith(
      { practiceID: 1, batchNumber: 'DB-9', batchType: 'Correspondence' },
      { source: 'palette', silent: true },
    );
    expect(toasts.success).toHaveBeenCalledWith('Batch Successfully Created: Batch DB-9 · Correspondence');
  });
});

describe('Edit document batch…', () => {
  it('on its screen edits the shown batch: a type, a reopen', async () => {
    documentShown(documentBatch());
    expect(stepKeys('batches.editDocumentBatch')).toEqual(['field', 'value']);
    const fields = await choices('batches.editDocumentBatch', 'field');
    expect(fields.map((choice) => choice.value)).toEqual([
      'batchNumber',
      'description',
      'type:EOB',
      'type:Superbill',
      'type:Medical Records',
      'type:Correspondence',
      'type:Denial Letter',
      'type:Other',
      'reopen',
    ]);
    api.updateDocumentBatch.mockResolvedValue({ message: 'Batch Successfully Update', pkid: 9, documents: [] });
    await command('batches.editDocumentBatch').run(context, { field: 'type:Denial Letter', value: '' });
    await command('batches.editDocumentBatch').run(context, { documentBatchID: '9', field: 'reopen', value: '' });
    expect(api.updateDocumentBatch.mock.calls.map(([body]: unknown[]) => body)).toEqual([
      { documentBatchID: 9, batchType: 'Denial Letter' },
      { documentBatchID: 9, status: 'open' },
    ]);
  });

  it('off its screens picks the batch from the document batches', async () => {
    expect(stepKeys('batches.editDocumentBatch')).toEqual(['documentBatchID', 'field', 'value']);
    api.getBatches.mockResolvedValueOnce({
      count: 1,
      batches: [
        {
          kind: 'document',
          batchID: 9,
          batchNumber: 'DB-9',
          practiceName: 'Main Street',
          status: 'open',
          description: null,
          createdAt: '2026-11-20T10:00:00Z',
        },
      ],
    });
    expect(await choices('batches.editDocumentBatch', 'documentBatchID')).toEqual([
      { value: '9', label: 'DB-9 · Main Street', hint: 'open' },
    ]);
    expect(api.getBatches).toHaveBeenCalledWith(
      { kind: 'document', pageSize: 500 },
      { silent: true, background: true },
    );
    api.updateDocumentBatch.mockRejectedValueOnce(new Error('Document batch not found.'));
    await command('batches.editDocumentBatch').run(context, { documentBatchID: '9', field: 'close', value: '' });
    expect(api.updateDocumentBatch).toHaveBeenCalledWith(
      { documentBatchID: 9, status: 'closed' },
      { source: 'palette', silent: true },
    );
    expect(toasts.error).toHaveBeenCalledWith('The document batch was not changed.', 'Document batch not found.');
  });
});

describe('fieldChange', () => {
  it('turns a field and its typed value into the change sent', () => {
    expect(fieldChange('batchNumber', ' CB-7 ')).toEqual({ change: { batchNumber: 'CB-7' } });
    expect(fieldChange('type:Other', '')).toEqual({ change: { batchType: 'Other' } });
    expect(fieldChange('type:Nope', '')).toEqual({ error: 'Pick what to change.' });
    expect(fieldChange('description', 'x'.repeat(201))).toEqual({ error: 'A description is at most 200 characters.' });
  });
});
