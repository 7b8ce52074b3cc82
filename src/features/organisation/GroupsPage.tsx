import type { GroupRow } from '../../../contract/organisation.ts';
import { getGroupProfiles } from '../../api/organisation.ts';
import { goTo } from '../../routing/navigation.ts';
import { GROUP } from '../../routing/paths.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';
import { ListScreen } from '../lists/ListScreen.tsx';
import { activeText } from './organisationText.ts';

const COLUMNS: readonly RowColumn<GroupRow>[] = [
  { id: 'name', title: 'Group (client)', render: (group) => group.name },
  { id: 'taxID', title: 'Tax ID', render: (group) => group.taxID ?? '—' },
  { id: 'practices', title: 'Practices', align: 'right', render: (group) => group.practices },
  { id: 'subdomain', title: 'Login page', render: (group) => group.branding?.subdomain ?? '—' },
  { id: 'status', title: 'Status', render: (group) => activeText(group.active) },
];

/**
 * /setting/group: the clients of the administrator's data role. N adds one, E edits the cursor
 * group, A (in)activates it, B sets its login page, U uploads its logo, images or favicon; Enter
 * opens its practices.
 */
export const GROUPS: ListScreenDescriptor<GroupRow, 'group'> = {
  title: 'Groups',
  listTitle: 'Clients',
  rowName: 'group',
  columns: COLUMNS,
  rowKey: (group) => group.groupID,
  read: async (signal) => {
    const rows = await getGroupProfiles({}, { signal, silent: true });
    return { count: rows.length, rows };
  },
  watch: { group: 'all', practice: 'all' },
  target: { owner: 'groups', kind: 'group', of: (group) => ({ kind: 'group', id: group.groupID, group }) },
  open: { hint: 'practices', run: (group) => goTo(GROUP.path(group.groupID)) },
  commands: {
    add: { command: 'org.addGroup', hint: 'new group', forRow: undefined },
    update: { command: 'org.editGroup', hint: 'edit', forRow: () => ({}) },
    active: { command: 'org.toggleGroupActive', hint: 'active', forRow: () => ({}) },
    others: [
      { command: 'org.setBranding', hint: 'login page', forRow: () => ({}) },
      { command: 'org.uploadBrandingFile', hint: 'logo, images', forRow: () => ({}) },
    ],
  },
  empty: 'No groups in your data role yet. N adds one (“Add group (client)…” in the palette, Ctrl+K).',
};

export function GroupsPage() {
  return <ListScreen screen={GROUPS} />;
}
