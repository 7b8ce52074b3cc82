import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargeBatch, PaymentBatch } from '../../contract/batches.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { CommandContext } from '../../src/console/types.ts';

const api = vi.hoisted(() => ({ getBatches: vi.fn(), uploadBatchDocument: vi.fn() }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
const files = vi.hoisted(() => ({ pickFile: vi.fn(), readBase64: vi.fn() }));
vi.mock('../../src/api/batches.ts', () => api);
vi.mock('../../src/toasts/notify.tsx', () => ({ notify: toasts }));
vi.mock('../../src/files/documentFile.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  ...files,
}));
const { batchFileCommands } = await import('./batchFiles.ts');
const { EVERY_KIND, watchRecords } = await import('../../src/state/recordsChanged.ts');
const { publishTarget } = await import('../../src/state/target.ts');
const { resetStores } = await import('../../src/state/store.ts');

/** The change notices the command announced: the batch screens read again on them. */
let notices: { kind: string; ids: readonly number[] | null }[] = [];
watchRecords(EVERY_KIND, (notice) => notices.push(notice));

const context: CommandContext = {
  route: '/app/batches',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: null,
  modules: new Set(['PAYMENTS']),
  source: 'palette',
};
const attach = batchFileCommands[0]!;
const pdf = { name: 'eob.pdf', type: 'application/pdf', size: 900 };

beforeEach(() => {
  vi.clearAllMocks();
  resetStores();
  notices = [];
  files.pickFile.mockResolvedValue(pdf);
  files.readBase64.mockResolvedValue('JVBERi0=');
  api.uploadBatchDocument.mockResolvedValue({ message: 'Document Successfully uploaded', documentID: 31 });
});

describe('Attach a file to a batch…', () => {
  it('off a detail screen asks the kind and the batch, listing that kind', async () => {
    expect(attach.steps?.map((step) => step.key)).toEqual(['batchKind', 'batchID']);
    api.getBatches.mockResolvedValue({
      count: 1,
      batches: [
        {
          kind: 'charge',
          batchID: 4,
          batchNumber: 'CB-4',
          practiceName: 'Main',
          status: 'open',
          description: null,
          createdAt: '',
        },
      ],
    });
    const step = attach.steps?.[1];
    const choices = step?.kind === 'choice' ? await step.choices(context, { batchKind: 'charge' }) : [];
    expect(api.getBatches).toHaveBeenCalledWith({ kind: 'charge', pageSize: 500 }, { silent: true, background: true });
    expect(choices).toEqual([{ value: '4', label: 'CB-4', hint: 'Main · open' }]);
    await attach.run(context, { batchKind: 'charge', batchID: '4' });
    expect(api.uploadBatchDocument).toHaveBeenCalledWith(
      {
        batchKind: 'charge',
        batchID: 4,
        document: { fileName: 'eob.pdf', mimeType: 'application/pdf', contentBase64: 'JVBERi0=' },
      },
      { source: 'palette', silent: true },
    );
    expect(toasts.success).toHaveBeenCalledWith('Document Successfully uploaded eob.pdf');
    expect(notices).toEqual([{ kind: 'chargeBatch', ids: [4] }]);
  });

  it('on a document batch detail sends the file to the shown batch without asking', async () => {
    publishTarget('documentBatch', 'documentBatch', {
      kind: 'documentBatch',
      id: 12,
      batchNumber: 'DB-12',
      status: 'open',
      description: null,
      open: true,
    });
    expect(attach.steps).toEqual([]);
    await attach.run(context, {});
    expect(api.uploadBatchDocument).toHaveBeenCalledWith(
      expect.objectContaining({ batchKind: 'document', batchID: 12 }),
      expect.anything(),
    );
  });

  it('on a payment batch detail sends it to the shown payment batch, and the payment screens read again', async () => {
    publishTarget('paymentBatch', 'paymentBatch', {
      kind: 'paymentBatch',
      id: 5,
      batch: { paymentBatchID: 5, batchNumber: 'PB-5' } as PaymentBatch,
      open: true,
    });
    await attach.run(context, {});
    expect(api.uploadBatchDocument).toHaveBeenCalledWith(
      expect.objectContaining({ batchKind: 'payment', batchID: 5 }),
      expect.anything(),
    );
    expect(notices).toEqual([{ kind: 'paymentBatch', ids: [5] }]);
  });

  it('sends nothing when the chooser is closed or the file is of a refused type, and shows the server’s refusal', async () => {
    publishTarget('chargeBatch', 'chargeBatch', {
      kind: 'chargeBatch',
      id: 4,
      batch: { chargeBatchID: 4, batchNumber: 'CB-4' } as ChargeBatch,
      open: true,
    });
    files.pickFile.mockResolvedValueOnce(null);
    await attach.run(context, {});
    files.pickFile.mockResolvedValueOnce({ name: 'run.exe', type: 'application/x-msdownload', size: 10 });
    await attach.run(context, {});
    expect(api.uploadBatchDocument).not.toHaveBeenCalled();
    expect(toasts.error).toHaveBeenCalledTimes(1);
    api.uploadBatchDocument.mockRejectedValueOnce(ApiError.fromStatus(404, 'Charge batch not found.'));
    await attach.run(context, {});
    expect(toasts.error).toHaveBeenLastCalledWith('Error: unable to upload document.', 'Charge batch not found.');
    expect(notices).toEqual([]);
  });
});
