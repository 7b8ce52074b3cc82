import type { ClearingHouseConnection } from '../../../contract/clearinghouse.ts';
import { getClearingHouseConnections } from '../../api/clearinghouse.ts';
import { runCommand } from '../../console/registry.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';

/** Where the connection reaches: the SFTP server, a folder on the server's machine, or nothing yet. */
export function connectionText(row: ClearingHouseConnection): string {
  if (!row.configured) return 'not set up';
  const where = row.transport === 'local' ? 'local folders' : `sftp://${row.username}@${row.host}:${row.port}`;
  return row.active ? where : `${where} (off)`;
}

const every = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} h` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;

const COLUMNS: readonly RowColumn<ClearingHouseConnection>[] = [
  { id: 'name', title: 'Clearinghouse', render: (row) => row.name },
  { id: 'connection', title: 'Connection', render: connectionText },
  {
    id: 'key',
    title: 'Private key',
    render: (row) => (row.transport === 'local' ? '—' : row.keySet ? (row.keyFingerprint ?? 'set') : 'none'),
  },
  {
    id: 'hostKey',
    title: 'Server host key',
    render: (row) =>
      row.transport === 'local' ? '—' : (row.hostKeyFingerprint ?? 'not confirmed: connects to nobody'),
  },
  { id: 'outbound', title: 'Outbound (837)', render: (row) => row.outboundFolder || '—' },
  { id: 'inbound', title: 'Inbound (replies)', render: (row) => row.inboundFolder || '—' },
  { id: 'archive', title: 'Archive', render: (row) => row.archiveFolder || '—' },
  {
    id: 'poll',
    title: 'Polls every',
    align: 'right',
    render: (row) => (row.configured ? every(row.pollSeconds) : '—'),
  },
  {
    id: 'post',
    title: 'Posts 835s',
    render: (row) => (row.configured ? (row.autoPost ? 'at once' : 'by a biller') : '—'),
  },
  {
    id: 'last',
    title: 'Last collection',
    render: (row) =>
      row.lastPolledAt === null
        ? '—'
        : `${row.lastPolledAt.replace('T', ' ').replace('Z', ' UTC')}${row.lastPollError ? `: ${row.lastPollError}` : ', fine'}`,
  },
  { id: 'files', title: 'Files taken', align: 'right', render: (row) => String(row.filesTaken) },
];

/** /setting/clearinghouses: E (or Enter) sets up the connection under the cursor, C collects its replies now. */
export const CLEARINGHOUSES: ListScreenDescriptor<ClearingHouseConnection, 'clearingHouse'> = {
  title: 'Clearinghouses',
  listTitle: 'Clearinghouse connections',
  rowName: 'clearinghouse',
  columns: COLUMNS,
  rowKey: (row) => row.clearingHouseID,
  read: async (signal) => {
    const rows = await getClearingHouseConnections({ signal, silent: true });
    return { count: rows.length, rows };
  },
  watch: { clearingHouse: 'all' },
  target: {
    owner: 'clearinghouses',
    kind: 'clearingHouse',
    of: (row) => ({ kind: 'clearingHouse', id: row.clearingHouseID, connection: row }),
  },
  open: { hint: 'set up', run: () => void runCommand('clearinghouse.setUp', 'hotkey') },
  commands: {
    update: { command: 'clearinghouse.setUp', hint: 'set up', forRow: () => ({}) },
    others: [{ command: 'clearinghouse.collect', hint: 'collect replies', forRow: () => ({}) }],
  },
  empty: 'No clearinghouses are listed.',
};

export function ClearinghousesPage() {
  return <ListScreen screen={CLEARINGHOUSES} />;
}
