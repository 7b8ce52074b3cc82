/**
 * Data roles by keyboard: a name and the groups it grants; within a group, picking practices limits
 * it to them (none picked grants every practice of the group). E gives or takes a group or a
 * practice, one at a time; its users see the change on their next step.
 */
import type { DataRoleRow } from '../../contract/dataRoles.ts';
import {
  getDataRoleGroups,
  getDataRolePractices,
  saveDataRole,
  setDataRoleActive,
  updateDataRole,
} from '../../src/api/access.ts';
import type { Command } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { DATA_ROLES_PATH } from '../../src/routing/paths.ts';
import { targetOf } from '../../src/state/target.ts';
import { notInMenuReason } from '../general/screens.ts';
import { announce, background, text } from './announce.ts';
import { activeToggleCommand } from '../general/activeToggle.ts';

export const SAVE_DATA_ROLE_FAILED = 'The data role was not saved.';

const current = (): DataRoleRow | null => targetOf('dataRole')?.dataRole ?? null;
const noDataRole = () => (current() === null ? 'Open Data Roles and put the cursor on a data role.' : null);
const nameRule = (value: string) =>
  value.trim() === '' ? 'Give the data role a name.' : value.trim().length > 80 ? 'At most 80 characters.' : null;

const goToDataRoles: Command = {
  id: 'access.goToDataRoles',
  title: 'Go to data roles',
  group: 'Navigation',
  keywords: ['data roles', 'groups', 'practices', 'scope', 'administration'],
  privilege: 'ADMIN_DATA_ROLES',
  disabledReason: (ctx) =>
    notInMenuReason(DATA_ROLES_PATH, 'Data Roles') ??
    (ctx.route === DATA_ROLES_PATH ? 'It is the screen open now.' : null),
  run: () => goTo(DATA_ROLES_PATH),
};

const newDataRole: Command = {
  id: 'access.newDataRole',
  title: 'New data role…',
  screenKey: 'n',
  group: 'Administration',
  keywords: ['data role', 'new', 'groups', 'practices', 'scope'],
  privilege: 'ADMIN_DATA_ROLES',
  steps: [
    { key: 'name', kind: 'text', title: 'Data role name', validate: nameRule },
    {
      key: 'groupID',
      kind: 'choice',
      title: 'Its first group (E on the data role gives more, or limits it to practices)',
      choices: async () =>
        (await getDataRoleGroups(undefined, background)).map((group) => ({
          value: String(group.groupID),
          label: group.name,
        })),
    },
  ],
  run: async (ctx, args) => {
    const name = text(args.name);
    await announce(
      SAVE_DATA_ROLE_FAILED,
      () => saveDataRole({ name, groupIDs: [Number(args.groupID)] }, { source: ctx.source, silent: true }),
      name,
      'dataRole',
    );
  },
};

const editDataRole: Command = {
  id: 'access.editDataRole',
  title: 'Give or take a group or practice of the data role…',
  screenKey: 'e',
  group: 'Administration',
  keywords: ['data role', 'group', 'practice', 'give', 'take off', 'limit', 'scope'],
  privilege: 'ADMIN_DATA_ROLES',
  disabledReason: noDataRole,
  steps: [
    {
      key: 'pick',
      kind: 'choice',
      title: 'Group or practice to give or take off',
      choices: async () => {
        const role = current();
        if (role === null) return [];
        const groups = await getDataRoleGroups(role.dataRoleID, background);
        const picked = groups.filter((group) => group.select).map((group) => group.groupID);
        const practices = picked.length ? await getDataRolePractices(role.dataRoleID, picked, background) : [];
        const groupName = new Map(groups.map((group) => [group.groupID, group.name]));
        return [
          ...groups.map((group) => ({
            value: `group:${group.groupID}`,
            label: `${group.select ? '✓ ' : ''}Group ${group.name}`,
            hint: group.select ? 'granted: Enter takes it off' : 'not granted: Enter gives it',
          })),
          ...practices.map((practice) => ({
            value: `practice:${practice.practiceID}`,
            label: `${practice.select ? '✓ ' : ''}Practice ${practice.name}`,
            hint: `${groupName.get(practice.groupID) ?? ''}: ${
              practice.select ? 'picked: Enter takes it off' : 'Enter limits the group to picked practices'
            }`,
          })),
        ];
      },
    },
  ],
  run: async (ctx, args) => {
    const role = current();
    if (role === null) return;
    const [kind, raw] = String(args.pick).split(':');
    const id = Number(raw);
    const groupIDs = role.groups.map((group) => group.groupID);
    const toggle = (ids: number[]) => (ids.includes(id) ? ids.filter((each) => each !== id) : [...ids, id]);
    const nextGroups = kind === 'group' ? toggle(groupIDs) : groupIDs;
    // Practices of a group taken off go with it.
    const kept = kind === 'group' && groupIDs.includes(id) ? await practicesOutside(role, id) : role.practiceIDs;
    const practiceIDs = kind === 'practice' ? toggle([...role.practiceIDs]) : kept;
    await announce(
      SAVE_DATA_ROLE_FAILED,
      () =>
        updateDataRole(
          { dataRoleID: role.dataRoleID, name: role.name, groupIDs: nextGroups, practiceIDs },
          { source: ctx.source, silent: true },
        ),
      role.name,
      'dataRole',
      [role.dataRoleID],
    );
  },
};

/** The role's picked practices that are not of group `groupID`. */
async function practicesOutside(role: DataRoleRow, groupID: number): Promise<number[]> {
  const ofGroup = await getDataRolePractices(role.dataRoleID, [groupID], background);
  const inGroup = new Set(ofGroup.map((practice) => practice.practiceID));
  return role.practiceIDs.filter((id) => !inGroup.has(id));
}

const renameDataRole: Command = {
  id: 'access.renameDataRole',
  title: 'Rename data role…',
  screenKey: 'r',
  group: 'Administration',
  keywords: ['data role', 'rename', 'name'],
  privilege: 'ADMIN_DATA_ROLES',
  disabledReason: noDataRole,
  steps: [{ key: 'name', kind: 'text', title: 'New name', validate: nameRule }],
  run: async (ctx, args) => {
    const role = current();
    if (role === null) return;
    await announce(
      SAVE_DATA_ROLE_FAILED,
      () =>
        updateDataRole(
          {
            dataRoleID: role.dataRoleID,
            name: text(args.name),
            groupIDs: role.groups.map((group) => group.groupID),
            practiceIDs: role.practiceIDs,
          },
          { source: ctx.source, silent: true },
        ),
      text(args.name),
      'dataRole',
      [role.dataRoleID],
    );
  },
};

const toggleDataRoleActive = activeToggleCommand({
  id: 'access.toggleDataRoleActive',
  title: 'Activate / deactivate data role…',
  group: 'Administration',
  keywords: ['data role', 'deactivate', 'activate', 'inactive'],
  privilege: 'ADMIN_DATA_ROLES',
  disabledReason: noDataRole,
  current: current,
  active: (role) => role.active,
  name: (role) => role.name,
  offVerb: 'Deactivate',
  meaning: (role) => ({ off: `its ${role.users} users see no group at once`, on: 'its users see its groups again' }),
  save: (role, active, source) =>
    announce(
      SAVE_DATA_ROLE_FAILED,
      () => setDataRoleActive(role.dataRoleID, active, { source, silent: true }),
      role.name,
      'dataRole',
      [role.dataRoleID],
    ),
});

export const dataRoleCommands: readonly Command[] = [
  goToDataRoles,
  newDataRole,
  editDataRole,
  renameDataRole,
  toggleDataRoleActive,
];
