import { getBatches } from '../../api/batches.ts';
import { runCommand } from '../../console/registry.ts';
import { formatDate } from '../../ui/format.ts';
import type { RowColumn } from '../panes/RowList.tsx';
import { documentBatchPath } from '../../routing/paths.ts';
import { BATCH_PAGE_SIZE, BatchListPage } from './BatchListPage.tsx';
import { statusText, type DocumentBatchRow } from './batchText.ts';


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

const cursor = {
  owner: 'documentBatches',
  kind: 'documentBatch' as const,
  target: (batch: DocumentBatchRow) => ({ kind: 'documentBatch' as const, id: batch.batchID, batchNumber: batch.batchNumber, status: batch.status, description: batch.description, open: false }),
};
const WATCH = { documentBatch: 'all' } as const;
const newBatch = () => void runCommand('batches.newDocumentBatch', 'hotkey');
const editBatch = (batch: DocumentBatchRow | null) => {
  if (batch !== null) void runCommand('batches.editDocumentBatch', 'hotkey', { documentBatchID: String(batch.batchID) });
};
/** N opens a batch, E edits the cursor one (the palette's "New document batch…" and "Edit document batch…"). */
const KEY_COMMANDS = { n: newBatch, N: newBatch, e: editBatch, E: editBatch };
const keys = (
  <>
    <kbd>N</kbd> new batch <kbd>E</kbd> edit / close
  </>
);

/** /app/document-batches: stacks of scanned mail filed under one number, newest first. */
export function DocumentBatchesPage() {
  return (
    <BatchListPage
      title="Document batches"
      columns={COLUMNS}
      read={read}
      batchID={(batch) => batch.batchID}
      detailPath={documentBatchPath}
      empty="No document batches yet. N opens one (“New document batch…” in the palette, Ctrl+K)."
      watch={WATCH}
      cursor={cursor}
      keyCommands={KEY_COMMANDS}
      keys={keys}
    />
  );
}
