import type { DataRoleRow } from '../../../contract/dataRoles.ts';
import { getDataRoles } from '../../api/access.ts';
import { runCommand } from '../../console/registry.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { yesNo } from './accessText.ts';

const COLUMNS: readonly RowColumn<DataRoleRow>[] = [
  { id: 'name', title: 'Data role', render: (role) => role.name },
  {
    id: 'groups',
    title: 'Groups',
    render: (role) => <span className="clip">{role.groups.map((group) => group.name).join(', ') || 'none'}</span>,
  },
  {
    id: 'practices',
    title: 'Practices',
    render: (role) => (role.practiceIDs.length === 0 ? 'all of its groups' : `${role.practiceIDs.length} picked`),
  },
  { id: 'users', title: 'Users', align: 'right', render: (role) => role.users.toLocaleString('en-US') },
  { id: 'status', title: 'Status', render: (role) => yesNo(role.active) },
];

/**
 * /setting/data-roles: the groups and practices each user sees, within the administrator's own.
 * N adds one, E (or Enter) gives or takes a group or practice, R renames, A (de)activates.
 */
export const DATA_ROLES: ListScreenDescriptor<DataRoleRow, 'dataRole'> = {
  title: 'Data roles',
  listTitle: 'Data roles in your groups',
  rowName: 'data role',
  columns: COLUMNS,
  rowKey: (role) => role.dataRoleID,
  read: async (signal) => {
    const rows = await getDataRoles({ signal, silent: true });
    return { count: rows.length, rows };
  },
  watch: { dataRole: 'all' },
  target: {
    owner: 'dataRoles',
    kind: 'dataRole',
    of: (dataRole) => ({ kind: 'dataRole', id: dataRole.dataRoleID, dataRole }),
  },
  open: { hint: 'groups', run: () => void runCommand('access.editDataRole', 'hotkey') },
  commands: {
    add: { command: 'access.newDataRole', hint: 'new data role' },
    update: { command: 'access.editDataRole', hint: 'groups / practices', forRow: () => ({}) },
    active: { command: 'access.toggleDataRoleActive', hint: 'active', forRow: () => ({}) },
    others: [{ command: 'access.renameDataRole', hint: 'rename', forRow: () => ({}) }],
  },
  empty: 'No data roles in your groups yet. N adds one (“New data role…” in the palette, Ctrl+K).',
};

export function DataRolesPage() {
  return <ListScreen screen={DATA_ROLES} />;
}
