/**
 * Staff users by keyboard: invite one (an e-mail with a link to set a password and an
 * authenticator), change their name, e-mail and landing page, their role or data role, resend an
 * invitation not yet accepted, activate or deactivate them (their sessions end at once). On the
 * Users screen and a user's own screen these act on the user the screen is on.
 */
import type { UserRow } from '../../contract/staff.ts';
import { getUserLookups, saveUser, setUserActive, updateUser } from '../../src/api/access.ts';
import type { Command, CommandStep } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { USERS_PATH } from '../../src/routing/paths.ts';
import { targetOf } from '../../src/state/target.ts';
import { notInMenuReason } from '../general/screens.ts';
import { announce, background, text } from './announce.ts';
import { activeToggleCommand } from '../general/activeToggle.ts';

export const INVITE_FAILED = 'The user was not invited.';
export const SAVE_USER_FAILED = 'The user was not saved.';

const currentUser = (): UserRow | null => targetOf('staffUser')?.user ?? null;
const noUser = () => (currentUser() === null ? 'Open Users and put the cursor on a user.' : null);
const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

function required(what: string, max: number) {
  return (value: string) =>
    value.trim() === '' ? `Give the ${what}.` : value.trim().length > max ? `At most ${max} characters.` : null;
}

const roleStep: CommandStep = {
  key: 'roleID',
  kind: 'choice',
  title: 'Menu role (what they may do)',
  choices: async () => {
    const { roles } = await getUserLookups(background);
    return roles.map((role) => ({ value: String(role.id), label: role.name }));
  },
};
const dataRoleStep: CommandStep = {
  key: 'dataRoleID',
  kind: 'choice',
  title: 'Data role (the groups and practices they see)',
  choices: async () => {
    const { dataRoles } = await getUserLookups(background);
    return dataRoles.map((role) => ({ value: String(role.id), label: role.name }));
  },
};

/** Everything updateUserData takes, from the user as they are, with `change` over it. */
function updateOf(user: UserRow, change: Partial<Parameters<typeof updateUser>[0]>) {
  return {
    userID: user.userID,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roleID: user.roleID,
    dataRoleID: user.dataRoleID,
    defaultModuleURL: user.defaultModuleURL,
    ...change,
  };
}

const goToUsers: Command = {
  id: 'access.goToUsers',
  title: 'Go to users',
  group: 'Navigation',
  keywords: ['users', 'staff', 'administration', 'invite', 'accounts'],
  privilege: 'ADMIN_USERS',
  disabledReason: (ctx) =>
    notInMenuReason(USERS_PATH, 'Users') ?? (ctx.route === USERS_PATH ? 'It is the screen open now.' : null),
  run: () => goTo(USERS_PATH),
};

const inviteUser: Command = {
  id: 'access.inviteUser',
  title: 'Invite user…',
  screenKey: 'n',
  group: 'Administration',
  keywords: ['user', 'staff', 'new user', 'add user', 'invite', 'account', 'onboard'],
  privilege: 'ADMIN_USERS',
  steps: [
    {
      key: 'email',
      kind: 'text',
      title: 'E-mail (the invitation goes there)',
      validate: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Type an e-mail address.'),
    },
    { key: 'firstName', kind: 'text', title: 'First name', validate: required('first name', 80) },
    { key: 'lastName', kind: 'text', title: 'Last name', validate: required('last name', 80) },
    roleStep,
    dataRoleStep,
  ],
  run: async (ctx, args) => {
    const email = text(args.email);
    await announce(
      INVITE_FAILED,
      () =>
        saveUser(
          {
            email,
            firstName: text(args.firstName),
            lastName: text(args.lastName),
            roleID: Number(args.roleID),
            dataRoleID: Number(args.dataRoleID),
          },
          { source: ctx.source, silent: true },
        ),
      `invitation e-mailed to ${email}`,
      'staffUser',
    );
  },
};

const editUser: Command = {
  id: 'access.editUser',
  title: 'Edit user…',
  screenKey: 'e',
  group: 'Administration',
  keywords: ['user', 'rename', 'e-mail', 'email', 'first name', 'last name', 'landing page'],
  privilege: 'ADMIN_USERS',
  disabledReason: noUser,
  steps: [
    {
      key: 'field',
      kind: 'choice',
      title: 'What to change',
      choices: () => {
        const user = currentUser();
        return [
          { value: 'firstName', label: 'First name', hint: user?.firstName },
          { value: 'lastName', label: 'Last name', hint: user?.lastName },
          { value: 'email', label: 'E-mail', hint: user?.email },
          {
            value: 'defaultModuleURL',
            label: 'Landing page',
            hint: user?.defaultModuleURL ?? 'first screen of the menu',
          },
        ];
      },
    },
    {
      key: 'value',
      kind: 'text',
      title: 'New value (a landing page is a path such as /app/all-claims; Enter alone clears it)',
    },
  ],
  run: async (ctx, args) => {
    const user = currentUser();
    if (user === null) return;
    const value = text(args.value);
    const field = String(args.field);
    const change =
      field === 'defaultModuleURL'
        ? { defaultModuleURL: value === '' ? null : value }
        : field === 'firstName' || field === 'lastName' || field === 'email'
          ? { [field]: value }
          : null;
    if (change === null) return;
    await announce(
      SAVE_USER_FAILED,
      () => updateUser(updateOf(user, change), { source: ctx.source, silent: true }),
      fullName(user),
      'staffUser',
      [user.userID],
    );
  },
};

const changeRole: Command = {
  id: 'access.changeUserRole',
  title: "Change user's menu role…",
  screenKey: 'r',
  group: 'Administration',
  keywords: ['user', 'role', 'menu role', 'privileges', 'modules', 'permissions'],
  privilege: 'ADMIN_USERS',
  disabledReason: noUser,
  steps: [roleStep],
  run: async (ctx, args) => {
    const user = currentUser();
    if (user === null) return;
    await announce(
      SAVE_USER_FAILED,
      () => updateUser(updateOf(user, { roleID: Number(args.roleID) }), { source: ctx.source, silent: true }),
      `${fullName(user)}: the new menu role holds from their next step`,
      'staffUser',
      [user.userID],
    );
  },
};

const changeDataRole: Command = {
  id: 'access.changeUserDataRole',
  title: "Change user's data role…",
  screenKey: 'd',
  group: 'Administration',
  keywords: ['user', 'data role', 'groups', 'practices', 'scope', 'what they see'],
  privilege: 'ADMIN_USERS',
  disabledReason: noUser,
  steps: [dataRoleStep],
  run: async (ctx, args) => {
    const user = currentUser();
    if (user === null) return;
    await announce(
      SAVE_USER_FAILED,
      () => updateUser(updateOf(user, { dataRoleID: Number(args.dataRoleID) }), { source: ctx.source, silent: true }),
      `${fullName(user)}: the new data role holds from their next step`,
      'staffUser',
      [user.userID],
    );
  },
};

const resendInvitation: Command = {
  id: 'access.resendInvitation',
  title: 'Resend invitation',
  screenKey: 'i',
  group: 'Administration',
  keywords: ['user', 'invitation', 'invite again', 'link', 'expired'],
  privilege: 'ADMIN_USERS',
  disabledReason: () =>
    noUser() ?? (currentUser()?.status === 'Invited' ? null : 'This user has already accepted their invitation.'),
  run: async (ctx) => {
    const user = currentUser();
    if (user === null) return;
    await announce(
      SAVE_USER_FAILED,
      () => updateUser({ ...updateOf(user, {}), resendInvitation: true }, { source: ctx.source, silent: true }),
      `a new invitation went to ${user.email}; the old link no longer works`,
      'staffUser',
      [user.userID],
    );
  },
};

const toggleUserActive = activeToggleCommand({
  id: 'access.toggleUserActive',
  title: 'Activate / deactivate user…',
  group: 'Administration',
  keywords: ['user', 'deactivate', 'activate', 'disable', 'enable', 'lock out', 'inactive'],
  privilege: 'ADMIN_USERS',
  disabledReason: noUser,
  current: currentUser,
  active: (user) => user.active,
  name: (user) => fullName(user),
  offVerb: 'Deactivate',
  meaning: () => ({ off: 'they are signed out at once and cannot sign in', on: 'they can sign in again' }),
  save: (user, active, source) =>
    announce(
      SAVE_USER_FAILED,
      () => setUserActive(user.userID, active, { source, silent: true }),
      fullName(user),
      'staffUser',
      [user.userID],
    ),
});

export const userCommands: readonly Command[] = [
  goToUsers,
  inviteUser,
  editUser,
  changeRole,
  changeDataRole,
  resendInvitation,
  toggleUserActive,
];
