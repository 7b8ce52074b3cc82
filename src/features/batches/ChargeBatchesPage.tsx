import type { ChargeBatch } from '../../../contract/batches.ts';
import { getChargeBatches } from '../../api/batches.ts';
import { chargeBatchPath } from '../../routing/paths.ts';
import { goTo } from '../../routing/navigation.ts';
import { formatDate } from '../../ui/format.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { Money } from '../panes/Money.tsx';
import { BATCH_PAGE_SIZE, statusText } from './batchText.ts';

const COLUMNS: readonly RowColumn<ChargeBatch>[] = [
  { id: 'number', title: 'Batch number', render: (batch) => batch.batchNumber },
  { id: 'practice', title: 'Practice', render: (batch) => <span className="clip">{batch.practiceName}</span> },
  {
    id: 'description',
    title: 'Description',
    render: (batch) => <span className="clip">{batch.description ?? ''}</span>,
  },
  { id: 'expected', title: 'Expected', align: 'right', render: (batch) => <Money cents={batch.total} /> },
  { id: 'entered', title: 'Entered', align: 'right', render: (batch) => <Money cents={batch.entered} /> },
  // A batch opened without an expected total has nothing to enter against: no difference to show.
  {
    id: 'toEnter',
    title: 'To enter',
    align: 'right',
    render: (batch) => (batch.total === 0 ? '—' : <Money cents={batch.difference} />),
  },
  { id: 'claims', title: 'Claims', align: 'right', render: (batch) => batch.claims.toLocaleString('en-US') },
  { id: 'files', title: 'Files', align: 'right', render: (batch) => batch.documents.toLocaleString('en-US') },
  { id: 'status', title: 'Status', render: (batch) => statusText(batch.status) },
  { id: 'assignee', title: 'Assigned to', render: (batch) => <span className="clip">{batch.assignedTo ?? '—'}</span> },
  { id: 'created', title: 'Created', render: (batch) => formatDate(batch.createdAt) },
];

/**
 * /app/charge-batches: the superbill runs entered as claims, newest first, with what is still to
 * enter. Enter opens the batch, N opens a new one, E edits the cursor one or closes it (the
 * palette's "New charge batch…" and "Edit charge batch…").
 */
export const CHARGE_BATCHES: ListScreenDescriptor<ChargeBatch, 'chargeBatch'> = {
  title: 'Charge batches',
  listTitle: 'All batches',
  rowName: 'batch',
  columns: COLUMNS,
  rowKey: (batch) => batch.chargeBatchID,
  read: async (signal) => {
    const reply = await getChargeBatches({ pageSize: BATCH_PAGE_SIZE }, { signal, silent: true });
    return { count: reply.count, rows: reply.batches };
  },
  // A new or changed batch, or claims entered with one, change what the list shows.
  watch: { chargeBatch: 'all', claim: 'all' },
  target: {
    owner: 'chargeBatches',
    kind: 'chargeBatch',
    of: (batch) => ({ kind: 'chargeBatch', id: batch.chargeBatchID, batch, open: false }),
  },
  open: { hint: 'open it', run: (batch) => goTo(chargeBatchPath(batch.chargeBatchID)) },
  commands: {
    add: { command: 'batches.newChargeBatch', hint: 'new batch' },
    update: {
      command: 'batches.editChargeBatch',
      hint: 'edit / close',
      forRow: (batch) => ({ chargeBatchID: String(batch.chargeBatchID) }),
    },
  },
  empty: 'No charge batches yet. N opens one (“New charge batch…” in the palette, Ctrl+K).',
};

export function ChargeBatchesPage() {
  return <ListScreen screen={CHARGE_BATCHES} />;
}
