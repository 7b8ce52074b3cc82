import { z } from 'zod';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

/**
 * Menu roles and modules (the Roles and Modules controllers): a module is a privilege, a role a
 * set of modules; the menu a role sees is built from the links of its modules.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const ROLE_CREATED = 'Menu Role Successfully Created';
export const ROLE_SAVED = 'Menu Role Successfully Saved';
export const ROLE_NAME_EXISTS = 'Role Name Already Exists';
export const MODULE_CREATED = 'Module Successfully Created';
export const MODULE_UPDATED = 'Module Successfully Update';
/** What the server says of a module code or name another module has (SPEC point 5)... */
export const MODULE_CODE_EXISTS = 'Module Code Already Exists';
export const MODULE_NAME_EXISTS = 'Module Name Already Exists';
/** ...and how the browser shows them (SPEC point 5, quotes as the spec has them). */
export const MODULE_CODE_EXISTS_SHOWN = '"Module Code" Already Exists"';
export const MODULE_NAME_EXISTS_SHOWN = '"Module Name" Already Exists';

export const MODULE_TYPES = ['billing', 'reports', 'administration'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

export const roleRowSchema = deferred(() =>
  z.object({
    roleID: z.number().int(),
    roleName: z.string(),
    active: z.boolean(),
    /** The names of its active modules, in code order. */
    modules: z.array(z.string()),
    users: z.number().int(),
  }),
);
export type RoleRow = z.infer<typeof roleRowSchema>;
export const rolesReplySchema = deferred(() => z.array(roleRowSchema));

export const moduleRowSchema = deferred(() =>
  z.object({
    moduleID: z.number().int(),
    moduleCode: z.string(),
    moduleName: z.string(),
    moduleType: z.string(),
    active: z.boolean(),
    /** The server checks this code on its calls: the code cannot change. */
    builtIn: z.boolean(),
    roles: z.number().int(),
  }),
);
export type ModuleRow = z.infer<typeof moduleRowSchema>;
export const modulesReplySchema = deferred(() => z.array(moduleRowSchema));

export const roleIdQuerySchema = deferred(() => z.object({ id }).strict());
export const moduleIdQuerySchema = deferred(() => z.object({ moduleID: id }).strict());
export const moduleTypesReplySchema = deferred(() => z.array(z.enum(MODULE_TYPES)));

const roleName = z.string().trim().min(1, 'Give the role a name.').max(80, 'A role name is at most 80 characters.');
export const saveRoleRequestSchema = deferred(() =>
  z.object({ roleName, moduleIDs: z.array(id).max(200, 'At most 200 modules.') }).strict(),
);
export const updateRoleRequestSchema = deferred(() =>
  z.object({ roleID: id, roleName, moduleIDs: z.array(id).max(200, 'At most 200 modules.') }).strict(),
);
export type SaveRoleRequest = z.infer<typeof saveRoleRequestSchema>;
export const updateRoleActiveRequestSchema = deferred(() => z.object({ roleID: id, active: z.boolean() }).strict());

const moduleFields = {
  moduleCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z][A-Z0-9_]{2,39}$/,
      'A module code is 3 to 40 capitals, digits or underscores, such as REPORTS_AGING.',
    ),
  moduleName: z.string().trim().min(1, 'Give the module a name.').max(80, 'A module name is at most 80 characters.'),
  moduleType: z.enum(MODULE_TYPES, { message: `A module type is one of ${MODULE_TYPES.join(', ')}.` }),
};
export const saveModuleRequestSchema = deferred(() => z.object(moduleFields).strict());
export type SaveModuleRequest = z.infer<typeof saveModuleRequestSchema>;
export const updateModuleRequestSchema = deferred(() => z.object({ moduleID: id, ...moduleFields }).strict());
export const updateModuleActiveRequestSchema = deferred(() => z.object({ moduleID: id, active: z.boolean() }).strict());

export const idMessageReplySchema = deferred(() => z.object({ message: z.string(), id: z.number().int() }));
