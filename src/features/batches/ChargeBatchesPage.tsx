import type { ChargeBatch } from '../../../contract/batches.ts';
import { getChargeBatches } from '../../api/batches.ts';
import { runCommand } from '../../console/registry.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import type { RowColumn } from '../panes/RowList.tsx';
import { chargeBatchPath } from '../../routing/paths.ts';
import { BATCH_PAGE_SIZE, BatchListPage } from './BatchListPage.tsx';
import { statusText } from './batchText.ts';

const COLUMNS: readonly RowColumn<ChargeBatch>[] = [
  { id: 'number', title: 'Batch number', render: (batch) => batch.batchNumber },
  { id: 'practice', title: 'Practice', render: (batch) => <span className="clip">{batch.practiceName}</span> },
  { id: 'description', title: 'Description', render: (batch) => <span className="clip">{batch.description ?? ''}</span> },
  { id: 'expected', title: 'Expected', align: 'right', render: (batch) => <Money cents={batch.total} /> },
  { id: 'entered', title: 'Entered', align: 'right', render: (batch) => <Money cents={batch.entered} /> },
  // A batch opened without an expected total has nothing to enter against: no difference to show.
  { id: 'toEnter', title: 'To enter', align: 'right', render: (batch) => (batch.total === 0 ? '—' : <Money cents={batch.difference} />) },
  { id: 'claims', title: 'Claims', align: 'right', render: (batch) => batch.claims.toLocaleString('en-US') },
  { id: 'files', title: 'Files', align: 'right', render: (batch) => batch.documents.toLocaleString('en-US') },
  { id: 'status', title: 'Status', render: (batch) => statusText(batch.status) },
  { id: 'assignee', title: 'Assigned to', render: (batch) => <span className="clip">{batch.assignedTo ?? '—'}</span> },
  { id: 'created', title: 'Created', render: (batch) => formatDate(batch.createdAt) },
];

const read = async (signal: AbortSignal) => {
  const reply = await getChargeBatches({ pageSize: BATCH_PAGE_SIZE }, { signal, silent: true });
  return { count: reply.count, rows: reply.batches };
};

const cursor = { owner: 'chargeBatches', kind: 'chargeBatch' as const, target: (batch: ChargeBatch) => ({ kind: 'chargeBatch' as const, id: batch.chargeBatchID, batch, open: false }) };
/** A new or changed batch, or claims entered with one, change what the list shows. */
const WATCH = { chargeBatch: 'all', claim: 'all' } as const;
const newBatch = () => void runCommand('batches.newChargeBatch', 'hotkey');
const editBatch = (batch: ChargeBatch | null) => {
  if (batch !== null) void runCommand('batches.editChargeBatch', 'hotkey', { chargeBatchID: String(batch.chargeBatchID) });
};
/** N opens a batch, E edits the cursor one (the palette's "New charge batch…" and "Edit charge batch…"). */
const KEY_COMMANDS = { n: newBatch, N: newBatch, e: editBatch, E: editBatch };
const keys = (
  <>
    <kbd>N</kbd> new batch <kbd>E</kbd> edit / close
  </>
);

/** /app/charge-batches: the superbill runs entered as claims, newest first, with what is still to enter. */
export function ChargeBatchesPage() {
  return (
    <BatchListPage
      title="Charge batches"
      columns={COLUMNS}
      read={read}
      batchID={(batch) => batch.chargeBatchID}
      detailPath={chargeBatchPath}
      empty="No charge batches yet. N opens one (“New charge batch…” in the palette, Ctrl+K)."
      watch={WATCH}
      cursor={cursor}
      keyCommands={KEY_COMMANDS}
      keys={keys}
    />
  );
}
