import type { BatchesReply } from '../../../contract/batches.ts';
import { getBatches } from '../../api/batches.ts';
import { formatDate } from '../../ui/format.ts';
import type { RowColumn } from '../panes/RowList.tsx';
import { documentBatchPath } from './batchPaths.ts';
import { BATCH_PAGE_SIZE, BatchListPage } from './BatchListPage.tsx';
import { statusText } from './batchText.ts';

type DocumentBatchRow = BatchesReply['batches'][number];

const COLUMNS: readonly RowColumn<DocumentBatchRow>[] = [
  { id: 'number', title: 'Batch number', render: (batch) => batch.batchNumber },
  { id: 'practice', title: 'Practice', render: (batch) => <span className="clip">{batch.practiceName}</span> },
  { id: 'description', title: 'Description', render: (batch) => <span className="clip">{batch.description ?? ''}</span> },
  { id: 'status', title: 'Status', render: (batch) => statusText(batch.status) },
  { id: 'created', title: 'Created', render: (batch) => formatDate(batch.createdAt) },
];

const read = async (signal: AbortSignal) => {
  const reply = await getBatches({ kind: 'document', pageSize: BATCH_PAGE_SIZE }, { signal, silent: true });
  return { count: reply.count, rows: reply.batches };
};

/** /app/document-batches: stacks of scanned mail filed under one number, newest first. */
export function DocumentBatchesPage() {
  return <BatchListPage title="Document batches" columns={COLUMNS} read={read} batchID={(batch) => batch.batchID} detailPath={documentBatchPath} empty="No document batches yet." />;
}
