import { getBatches } from '../../api/batches.ts';
import { documentBatchPath } from '../../routing/paths.ts';
import { goTo } from '../../routing/navigation.ts';
import { formatDate } from '../../ui/format.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { BATCH_PAGE_SIZE, statusText, type DocumentBatchRow } from './batchText.ts';

const COLUMNS: readonly RowColumn<DocumentBatchRow>[] = [
  { id: 'number', title: 'Batch number', render: (batch) => batch.batchNumber },
  { id: 'practice', title: 'Practice', render: (batch) => <span className="clip">{batch.practiceName}</span> },
  {
    id: 'description',
    title: 'Description',
    render: (batch) => <span className="clip">{batch.description ?? ''}</span>,
  },
  { id: 'status', title: 'Status', render: (batch) => statusText(batch.status) },
  { id: 'created', title: 'Created', render: (batch) => formatDate(batch.createdAt) },
];

/**
 * /app/document-batches: stacks of scanned mail filed under one number, newest first. Enter opens
 * the batch, N opens a new one, E edits the cursor one or closes it (the palette's "New document
 * batch…" and "Edit document batch…").
 */
export const DOCUMENT_BATCHES: ListScreenDescriptor<DocumentBatchRow, 'documentBatch'> = {
  title: 'Document batches',
  listTitle: 'All batches',
  rowName: 'batch',
  columns: COLUMNS,
  rowKey: (batch) => batch.batchID,
  read: async (signal) => {
    const reply = await getBatches({ kind: 'document', pageSize: BATCH_PAGE_SIZE }, { signal, silent: true });
    return { count: reply.count, rows: reply.batches };
  },
  watch: { documentBatch: 'all' },
  target: {
    owner: 'documentBatches',
    kind: 'documentBatch',
    of: (batch) => ({
      kind: 'documentBatch',
      id: batch.batchID,
      batchNumber: batch.batchNumber,
      status: batch.status,
      description: batch.description,
      open: false,
    }),
  },
  open: { hint: 'open it', run: (batch) => goTo(documentBatchPath(batch.batchID)) },
  commands: {
    add: { command: 'batches.newDocumentBatch', hint: 'new batch' },
    update: {
      command: 'batches.editDocumentBatch',
      hint: 'edit / close',
      forRow: (batch) => ({ documentBatchID: String(batch.batchID) }),
    },
  },
  empty: 'No document batches yet. N opens one (“New document batch…” in the palette, Ctrl+K).',
};

export function DocumentBatchesPage() {
  return <ListScreen screen={DOCUMENT_BATCHES} />;
}
