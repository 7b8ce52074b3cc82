/**
 * Menu roles and modules by keyboard. A role is given or loses one module at a time (E lists the
 * modules the administrator holds, each marked given or not); the menu of its users follows at
 * their next sign-in, their access at their next step. Modules have a type, code and name.
 */
import { MODULE_TYPES, type ModuleRow, type RoleRow } from '../../contract/menuRoles.ts';
import {
  getModulesOfRole,
  getModulesToAssign,
  saveModule,
  saveRole,
  setModuleActive,
  setRoleActive,
  updateModule,
  updateRole,
} from '../../src/api/access.ts';
import type { Command } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { MODULES_PATH, ROLES_PATH } from '../../src/routing/paths.ts';
import { targetOf } from '../../src/state/target.ts';
import { notInMenuReason } from '../general/screens.ts';
import { announce, background, text } from './announce.ts';
import { activeToggleCommand } from '../general/activeToggle.ts';

export const SAVE_ROLE_FAILED = 'The menu role was not saved.';
export const SAVE_MODULE_FAILED = 'The module was not saved.';

const currentRole = (): RoleRow | null => targetOf('menuRole')?.role ?? null;
const noRole = () => (currentRole() === null ? 'Open Menu Roles and put the cursor on a role.' : null);
const currentModule = (): ModuleRow | null => targetOf('module')?.module ?? null;
const noModule = () => (currentModule() === null ? 'Open Modules and put the cursor on a module.' : null);

const nameRule = (what: string) => (value: string) =>
  value.trim() === '' ? `Give the ${what} a name.` : value.trim().length > 80 ? 'At most 80 characters.' : null;

function goToScreen(id: string, title: string, path: string, screen: string, keywords: string[]): Command {
  return {
    id,
    title,
    group: 'Navigation',
    keywords: ['administration', ...keywords],
    privilege: 'ADMIN_ROLES',
    disabledReason: (ctx) =>
      notInMenuReason(path, screen) ?? (ctx.route === path ? 'It is the screen open now.' : null),
    run: () => goTo(path),
  };
}

const newRole: Command = {
  id: 'access.newRole',
  title: 'New menu role…',
  screenKey: 'n',
  group: 'Administration',
  keywords: ['role', 'menu role', 'new role', 'privileges', 'permissions'],
  privilege: 'ADMIN_ROLES',
  steps: [
    { key: 'roleName', kind: 'text', title: 'Role name', validate: nameRule('role') },
    {
      key: 'moduleID',
      kind: 'choice',
      title: 'Its first module (E on the role gives more)',
      choices: async () =>
        (await getModulesToAssign(background)).map((module) => ({
          value: String(module.moduleID),
          label: module.moduleName,
          hint: `${module.moduleCode} · ${module.moduleType}`,
        })),
    },
  ],
  run: async (ctx, args) => {
    const roleName = text(args.roleName);
    await announce(
      SAVE_ROLE_FAILED,
      () => saveRole({ roleName, moduleIDs: [Number(args.moduleID)] }, { source: ctx.source, silent: true }),
      roleName,
      'menuRole',
    );
  },
};

const editRoleModules: Command = {
  id: 'access.editRoleModules',
  title: 'Give or take a module of the menu role…',
  screenKey: 'e',
  group: 'Administration',
  keywords: ['role', 'menu role', 'module', 'privilege', 'give', 'take off', 'permissions', 'menu'],
  privilege: 'ADMIN_ROLES',
  disabledReason: noRole,
  steps: [
    {
      key: 'moduleID',
      kind: 'choice',
      title: 'Module to give or take off',
      choices: async () => {
        const role = currentRole();
        if (role === null) return [];
        const [given, assignable] = await Promise.all([
          getModulesOfRole(role.roleID, background),
          getModulesToAssign(background),
        ]);
        const has = new Set(given.map((module) => module.moduleID));
        return assignable.map((module) => ({
          value: String(module.moduleID),
          label: `${has.has(module.moduleID) ? '✓ ' : ''}${module.moduleName}`,
          hint: has.has(module.moduleID) ? 'given: Enter takes it off' : 'not given: Enter gives it',
        }));
      },
    },
  ],
  run: async (ctx, args) => {
    const role = currentRole();
    if (role === null) return;
    const picked = Number(args.moduleID);
    const given = (await getModulesOfRole(role.roleID, background)).map((module) => module.moduleID);
    const moduleIDs = given.includes(picked) ? given.filter((id) => id !== picked) : [...given, picked];
    await announce(
      SAVE_ROLE_FAILED,
      () =>
        updateRole({ roleID: role.roleID, roleName: role.roleName, moduleIDs }, { source: ctx.source, silent: true }),
      role.roleName,
      'menuRole',
      [role.roleID],
    );
  },
};

const renameRole: Command = {
  id: 'access.renameRole',
  title: 'Rename menu role…',
  screenKey: 'r',
  group: 'Administration',
  keywords: ['role', 'menu role', 'rename', 'name'],
  privilege: 'ADMIN_ROLES',
  disabledReason: noRole,
  steps: [{ key: 'roleName', kind: 'text', title: 'New name', validate: nameRule('role') }],
  run: async (ctx, args) => {
    const role = currentRole();
    if (role === null) return;
    const moduleIDs = (await getModulesOfRole(role.roleID, background)).map((module) => module.moduleID);
    await announce(
      SAVE_ROLE_FAILED,
      () =>
        updateRole(
          { roleID: role.roleID, roleName: text(args.roleName), moduleIDs },
          { source: ctx.source, silent: true },
        ),
      text(args.roleName),
      'menuRole',
      [role.roleID],
    );
  },
};

const toggleRoleActive = activeToggleCommand({
  id: 'access.toggleRoleActive',
  title: 'Activate / deactivate menu role…',
  group: 'Administration',
  keywords: ['role', 'menu role', 'deactivate', 'activate', 'inactive'],
  privilege: 'ADMIN_ROLES',
  disabledReason: noRole,
  current: currentRole,
  active: (role) => role.active,
  name: (role) => role.roleName,
  offVerb: 'Deactivate',
  meaning: (role) => ({
    off: `its ${role.users} users lose its modules at once`,
    on: 'its users get its modules back',
  }),
  save: (role, active, source) =>
    announce(
      SAVE_ROLE_FAILED,
      () => setRoleActive(role.roleID, active, { source, silent: true }),
      role.roleName,
      'menuRole',
      [role.roleID],
    ),
});

const newModule: Command = {
  id: 'access.newModule',
  title: 'New module…',
  screenKey: 'n',
  group: 'Administration',
  keywords: ['module', 'privilege', 'new module'],
  privilege: 'ADMIN_ROLES',
  steps: [
    {
      key: 'moduleCode',
      kind: 'text',
      title: 'Module code',
      placeholder: 'e.g. REPORTS_AGING',
      validate: (value) =>
        /^[A-Za-z][A-Za-z0-9_]{2,39}$/.test(value.trim())
          ? null
          : 'A module code is 3 to 40 letters, digits or underscores.',
    },
    { key: 'moduleName', kind: 'text', title: 'Module name', validate: nameRule('module') },
    {
      key: 'moduleType',
      kind: 'choice',
      title: 'Module type',
      choices: () => MODULE_TYPES.map((type) => ({ value: type, label: type })),
    },
  ],
  run: async (ctx, args) => {
    const moduleType = MODULE_TYPES.find((type) => type === args.moduleType);
    if (moduleType === undefined) return;
    await announce(
      SAVE_MODULE_FAILED,
      () =>
        saveModule(
          { moduleCode: text(args.moduleCode), moduleName: text(args.moduleName), moduleType },
          { source: ctx.source, silent: true },
        ),
      text(args.moduleName),
      'module',
    );
  },
};

const editModule: Command = {
  id: 'access.editModule',
  title: 'Edit module…',
  screenKey: 'e',
  group: 'Administration',
  keywords: ['module', 'rename', 'code', 'type'],
  privilege: 'ADMIN_ROLES',
  disabledReason: noModule,
  steps: [
    {
      key: 'field',
      kind: 'choice',
      title: 'What to change',
      choices: () => {
        const module = currentModule();
        return [
          { value: 'moduleName', label: 'Name', hint: module?.moduleName },
          {
            value: 'moduleCode',
            label: 'Code',
            hint: module?.builtIn ? 'built in: cannot change' : module?.moduleCode,
          },
          ...MODULE_TYPES.map((type) => ({
            value: `type:${type}`,
            label: `Type: ${type}`,
            hint: module?.moduleType === type ? 'now' : undefined,
          })),
        ];
      },
    },
    { key: 'value', kind: 'text', title: 'New value (Enter alone confirms a type)' },
  ],
  run: async (ctx, args) => {
    const module = currentModule();
    if (module === null) return;
    const field = String(args.field);
    const value = text(args.value);
    const type = MODULE_TYPES.find((each) => field === `type:${each}`);
    const moduleType = MODULE_TYPES.find((each) => each === module.moduleType) ?? 'billing';
    const body = {
      moduleID: module.moduleID,
      moduleCode: field === 'moduleCode' ? value : module.moduleCode,
      moduleName: field === 'moduleName' ? value : module.moduleName,
      moduleType: type ?? moduleType,
    };
    await announce(
      SAVE_MODULE_FAILED,
      () => updateModule(body, { source: ctx.source, silent: true }),
      body.moduleName,
      'module',
      [module.moduleID],
    );
  },
};

const toggleModuleActive = activeToggleCommand({
  id: 'access.toggleModuleActive',
  title: 'Activate / deactivate module…',
  group: 'Administration',
  keywords: ['module', 'deactivate', 'activate', 'inactive'],
  privilege: 'ADMIN_ROLES',
  disabledReason: noModule,
  current: currentModule,
  active: (module) => module.active,
  name: (module) => module.moduleName,
  offVerb: 'Deactivate',
  meaning: (module) => ({
    off: `the ${module.roles} roles holding it lose it at once`,
    on: 'the roles holding it have it again',
  }),
  save: (module, active, source) =>
    announce(
      SAVE_MODULE_FAILED,
      () => setModuleActive(module.moduleID, active, { source, silent: true }),
      module.moduleName,
      'module',
      [module.moduleID],
    ),
});

export const roleCommands: readonly Command[] = [
  goToScreen('access.goToRoles', 'Go to menu roles', ROLES_PATH, 'Menu Roles', ['roles', 'menu roles', 'privileges']),
  goToScreen('access.goToModules', 'Go to modules', MODULES_PATH, 'Modules', ['modules', 'privileges']),
  newRole,
  editRoleModules,
  renameRole,
  toggleRoleActive,
  newModule,
  editModule,
  toggleModuleActive,
];
