import type { UserRow } from '../../../contract/staff.ts';
import { getUsers } from '../../api/access.ts';
import { goTo } from '../../routing/navigation.ts';
import { userPath } from '../../routing/paths.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { signInText } from './accessText.ts';

const COLUMNS: readonly RowColumn<UserRow>[] = [
  { id: 'name', title: 'Name', render: (user) => `${user.lastName}, ${user.firstName}` },
  { id: 'email', title: 'E-mail', render: (user) => <span className="clip">{user.email}</span> },
  { id: 'role', title: 'Menu role', render: (user) => user.roleName },
  { id: 'dataRole', title: 'Data role', render: (user) => user.dataRoleName },
  { id: 'status', title: 'Status', render: (user) => user.status },
  { id: 'authenticator', title: 'Authenticator', render: (user) => (user.authenticatorEnrolled ? 'Enrolled' : '—') },
  { id: 'lastSignIn', title: 'Last sign-in', render: (user) => signInText(user.lastSignIn) },
];

/**
 * /setting/users: the staff within the administrator's groups. N invites one, E edits the cursor
 * user, R and D change their menu role and data role, I sends their invitation again, A
 * (de)activates them; Enter opens their screen.
 */
export const USERS: ListScreenDescriptor<UserRow, 'staffUser'> = {
  title: 'Users',
  listTitle: 'Staff',
  rowName: 'user',
  columns: COLUMNS,
  rowKey: (user) => user.userID,
  read: async (signal) => {
    const rows = await getUsers({}, { signal, silent: true });
    return { count: rows.length, rows };
  },
  watch: { staffUser: 'all' },
  target: { owner: 'users', kind: 'staffUser', of: (user) => ({ kind: 'staffUser', id: user.userID, user }) },
  open: { hint: 'open', run: (user) => goTo(userPath(user.email)) },
  commands: {
    add: { command: 'access.inviteUser', hint: 'invite' },
    update: { command: 'access.editUser', hint: 'edit', forRow: () => ({}) },
    active: { command: 'access.toggleUserActive', hint: 'active', forRow: () => ({}) },
    others: [
      { command: 'access.changeUserRole', hint: 'role', forRow: () => ({}) },
      { command: 'access.changeUserDataRole', hint: 'data role', forRow: () => ({}) },
      { command: 'access.resendInvitation', hint: 'resend invitation', forRow: () => ({}) },
    ],
  },
  empty: 'No users in your groups yet. N invites one (“Invite user…” in the palette, Ctrl+K).',
};

export function UsersPage() {
  return <ListScreen screen={USERS} />;
}
