import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETE_FAILED, DOWNLOAD_FAILED, type ClaimDocument } from '../../contract/documents.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { CommandContext, CommandStep } from '../../src/console/types.ts';

const api = vi.hoisted(() => ({
  getClaimDocuments: vi.fn(),
  fetchDocument: vi.fn(),
  deleteDocument: vi.fn(),
  changeDocumentEAttachment: vi.fn(),
  uploadClaimDocument: vi.fn(),
  saveClaimDocument: vi.fn(),
}));
const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const downloadFile = vi.hoisted(() => vi.fn());
vi.mock('../../src/api/documents.ts', () => api);
vi.mock('../../src/toasts/notify.tsx', () => ({ notify }));
vi.mock('../../src/export/exportFile.ts', () => ({ downloadFile }));
const { documentCommands } = await import('./documents.ts');
const { documentTypeOf } = await import('../../src/files/documentFile.ts');

const context: CommandContext = {
  route: '/app/claim-detail/42',
  scopes: ['page'],
  selection: { recordType: null, ids: [], allMatching: null },
  record: { type: 'claim', id: 42 },
  modules: new Set(['CLAIMS']),
  source: 'palette',
};
const eob: ClaimDocument = {
  documentID: 7,
  fileName: 'EOB.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 2048,
  categoryID: 1,
  category: 'EOB',
  tags: [],
  eAttached: false,
  uploadedBy: 'Ann Biller',
  uploadedAt: '2026-03-01T10:00:00Z',
};
const command = (id: string) => documentCommands.find((candidate) => candidate.id === id);
const choicesOf = async (id: string) => {
  const step: CommandStep | undefined = command(id)?.steps?.[0];
  return step?.kind === 'choice' ? step.choices(context, {}) : [];
};

beforeEach(() => {
  for (const mock of [...Object.values(api), notify.success, notify.error, downloadFile]) mock.mockReset();
  api.getClaimDocuments.mockResolvedValue([eob]);
});

describe('claim document commands', () => {
  it('take the file type from the browser, or from the extension when it gives none', () => {
    expect(documentTypeOf({ name: 'a.PDF', type: '' })).toBe('application/pdf');
    expect(documentTypeOf({ name: 'scan.tif', type: 'image/x-tiff' })).toBe('image/tiff');
    expect(documentTypeOf({ name: 'note', type: 'text/plain' })).toBe('text/plain');
    expect(documentTypeOf({ name: 'run.exe', type: 'application/x-msdownload' })).toBeNull();
  });

  it('apply only on an open claim', () => {
    for (const each of documentCommands)
      expect(each.disabledReason?.({ ...context, record: null })).toBe('Open a claim first.');
  });

  it('download the picked document under its name', async () => {
    expect(await choicesOf('claims.downloadDocument')).toEqual([
      { value: '7', label: 'EOB.pdf', hint: 'EOB · 2 KB · 2026-03-01' },
    ]);
    const file = { blob: new Blob(['%PDF']), fileName: 'EOB.pdf' };
    api.fetchDocument.mockResolvedValue(file);
    await command('claims.downloadDocument')?.run(context, { documentID: '7' });
    expect(api.fetchDocument).toHaveBeenCalledWith(eob, { source: 'palette', silent: true });
    expect(downloadFile).toHaveBeenCalledWith(file);
  });

  it('toast the SPEC’s wording with the server’s reason when a call fails', async () => {
    await choicesOf('claims.downloadDocument');
    api.fetchDocument.mockRejectedValue(ApiError.fromStatus(404, null));
    await command('claims.downloadDocument')?.run(context, { documentID: '7' });
    expect(notify.error).toHaveBeenCalledWith(DOWNLOAD_FAILED, 'Not Found.');
    api.deleteDocument.mockRejectedValue(ApiError.fromStatus(500, null));
    await command('claims.deleteDocument')?.run(context, { documentID: '7', confirm: 'delete' });
    expect(notify.error).toHaveBeenLastCalledWith(DELETE_FAILED, 'Unexpected server error');
  });

  it('switch the e-attachment mark of the picked document', async () => {
    expect((await choicesOf('claims.eAttachDocument'))[0]?.hint).toMatch(/not marked$/);
    api.changeDocumentEAttachment.mockResolvedValue({
      message: 'Document marked for e-attachment',
      documentID: 7,
      eAttached: true,
    });
    await command('claims.eAttachDocument')?.run(context, { documentID: '7' });
    expect(api.changeDocumentEAttachment).toHaveBeenCalledWith(7, true, { source: 'palette', silent: true });
    expect(notify.success).toHaveBeenCalledWith('Document marked for e-attachment EOB.pdf');
  });

  it('delete only after the confirm step names the file, and keep it when the biller says so', async () => {
    await choicesOf('claims.deleteDocument');
    const confirm = command('claims.deleteDocument')?.steps?.[1];
    const offered = confirm?.kind === 'choice' ? await confirm.choices(context, { documentID: '7' }) : [];
    expect(offered.map((choice) => choice.label)).toEqual(['Delete EOB.pdf', 'Keep it']);
    await command('claims.deleteDocument')?.run(context, { documentID: '7', confirm: 'keep' });
    expect(api.deleteDocument).not.toHaveBeenCalled();
    api.deleteDocument.mockResolvedValue({ message: 'Document Successfully deleted', documentID: 7 });
    await command('claims.deleteDocument')?.run(context, { documentID: '7', confirm: 'delete' });
    expect(api.deleteDocument).toHaveBeenCalledWith(7, { source: 'palette', silent: true });
    expect(notify.success).toHaveBeenCalledWith('Document Successfully deleted');
  });

  it('save the typed tags of the picked document, distinct and trimmed', async () => {
    await choicesOf('claims.tagDocument');
    api.saveClaimDocument.mockResolvedValue({
      message: 'Document Successfully saved',
      documentID: 7,
      tags: ['eob', 'appeal'],
    });
    await command('claims.tagDocument')?.run(context, { documentID: '7', tags: ' eob, appeal, eob ' });
    expect(api.saveClaimDocument).toHaveBeenCalledWith(
      { documentID: 7, tags: ['eob', 'appeal'] },
      { source: 'palette', silent: true },
    );
    expect(notify.success).toHaveBeenCalledWith('EOB.pdf: eob, appeal.');
  });
});
