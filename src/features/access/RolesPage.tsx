import type { RoleRow } from '../../../contract/menuRoles.ts';
import { getRoles } from '../../api/access.ts';
import { runCommand } from '../../console/registry.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { yesNo } from './accessText.ts';

const COLUMNS: readonly RowColumn<RoleRow>[] = [
  { id: 'name', title: 'Menu role', render: (role) => role.roleName },
  {
    id: 'modules',
    title: 'Modules',
    render: (role) => <span className="clip">{role.modules.join(', ') || 'none'}</span>,
  },
  { id: 'users', title: 'Users', align: 'right', render: (role) => role.users.toLocaleString('en-US') },
  { id: 'status', title: 'Status', render: (role) => yesNo(role.active) },
];

/** /setting/roles: the menu roles. N adds one, E (or Enter) gives or takes a module, R renames, A (de)activates. */
export const ROLES: ListScreenDescriptor<RoleRow, 'menuRole'> = {
  title: 'Menu roles',
  listTitle: 'All roles',
  rowName: 'role',
  columns: COLUMNS,
  rowKey: (role) => role.roleID,
  read: async (signal) => {
    const rows = await getRoles({ signal, silent: true });
    return { count: rows.length, rows };
  },
  watch: { menuRole: 'all', module: 'all' },
  target: { owner: 'roles', kind: 'menuRole', of: (role) => ({ kind: 'menuRole', id: role.roleID, role }) },
  open: { hint: 'modules', run: () => void runCommand('access.editRoleModules', 'hotkey') },
  commands: {
    add: { command: 'access.newRole', hint: 'new role' },
    update: { command: 'access.editRoleModules', hint: 'modules', forRow: () => ({}) },
    active: { command: 'access.toggleRoleActive', hint: 'active', forRow: () => ({}) },
    others: [{ command: 'access.renameRole', hint: 'rename', forRow: () => ({}) }],
  },
  empty: 'No menu roles yet. N adds one (“New menu role…” in the palette, Ctrl+K).',
};

export function RolesPage() {
  return <ListScreen screen={ROLES} />;
}
