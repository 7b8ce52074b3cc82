/**
 * Menu roles: a name and a set of modules, the menu built from their links. Roles are the
 * company's, shared by whoever holds them: an administrator sees them all, but gives only modules
 * they hold, and changes or switches off only a role whose every holder is within their groups
 * (a role held in Lakeside is not Northwind's administrator's to change).
 */
import { MODULE_CODES } from '../../../contract/call.ts';
import { TOGGLE_MESSAGE } from '../../../contract/messages.ts';
import {
  ROLE_CREATED,
  ROLE_NAME_EXISTS,
  ROLE_SAVED,
  type ModuleRow,
  type RoleRow,
  type SaveRoleRequest,
} from '../../../contract/menuRoles.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors.ts';
import { adminReach, roleHoldersWithinReach } from '../access/adminReach.ts';
import { writeAudit } from '../audit/audit.ts';
import { auditChange } from '../audit/auditChange.ts';
import type { Actor } from '../context.ts';

export const MODULE_ROW = `
  SELECT m.module_id AS "moduleID", m.code AS "moduleCode", m.name AS "moduleName", m.module_type AS "moduleType",
         m.active, m.code = ANY($1::text[]) AS "builtIn",
         (SELECT count(*)::int FROM role_modules rm WHERE rm.module_id = m.module_id) AS roles
    FROM modules m`;
export const BUILT_IN_CODES = [...MODULE_CODES];

export function listRoles(db: Db): Promise<RoleRow[]> {
  return db.query<RoleRow>(
    `SELECT r.role_id AS "roleID", r.name AS "roleName", r.active,
            ARRAY(SELECT m.name FROM role_modules rm JOIN modules m ON m.module_id = rm.module_id AND m.active
                   WHERE rm.role_id = r.role_id ORDER BY m.module_id) AS modules,
            (SELECT count(*)::int FROM users u WHERE u.role_id = r.role_id) AS users
       FROM roles r ORDER BY lower(r.name)`,
  );
}

export async function modulesOfRole(db: Db, roleId: number): Promise<ModuleRow[]> {
  const [role] = await db.query('SELECT 1 FROM roles WHERE role_id = $1', [roleId]);
  if (!role) throw new NotFoundError('No such role.');
  return db.query<ModuleRow>(
    `${MODULE_ROW} JOIN role_modules rm ON rm.module_id = m.module_id AND rm.role_id = $2 ORDER BY m.module_id`,
    [BUILT_IN_CODES, roleId],
  );
}

/** The modules an administrator may put in a role: the active ones they hold. */
export function modulesToAssign(db: Db, actor: Actor): Promise<ModuleRow[]> {
  return db.query<ModuleRow>(`${MODULE_ROW} WHERE m.active AND m.code = ANY($2::text[]) ORDER BY m.module_id`, [
    BUILT_IN_CODES,
    [...actor.modules],
  ]);
}

/** Refuses modules that do not exist, are inactive, or that the administrator does not hold. */
async function checkModules(q: Queryable, actor: Actor, moduleIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(moduleIds)];
  const rows = await q.query<{ module_id: number; code: string; name: string; active: boolean }>(
    'SELECT module_id, code, name, active FROM modules WHERE module_id = ANY($1::bigint[])',
    [unique],
  );
  if (rows.length !== unique.length || rows.some((row) => !row.active))
    throw new BadRequestError('Pick active modules only.');
  const beyond = rows.filter((row) => !actor.modules.has(row.code as never)).map((row) => row.name);
  if (beyond.length > 0) throw new BadRequestError(`You cannot give modules you do not hold: ${beyond.join(', ')}.`);
  return unique.sort((a, b) => a - b);
}

async function nameTaken(q: Queryable, name: string, exceptRoleId = 0): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM roles WHERE lower(name) = lower($1) AND role_id <> $2', [
    name,
    exceptRoleId,
  ]);
  return rows.length > 0;
}

export async function saveRole(db: Db, actor: Actor, input: SaveRoleRequest): Promise<{ message: string; id: number }> {
  return db.transaction(async (tx) => {
    const modules = await checkModules(tx, actor, input.moduleIDs);
    if (await nameTaken(tx, input.roleName)) throw new BadRequestError(ROLE_NAME_EXISTS);
    const [role] = await tx.query<{ role_id: number }>('INSERT INTO roles (name) VALUES ($1) RETURNING role_id', [
      input.roleName,
    ]);
    const roleId = Number(role!.role_id);
    await tx.query('INSERT INTO role_modules (role_id, module_id) SELECT $1, unnest($2::bigint[])', [roleId, modules]);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'role.created',
      recordType: 'role',
      recordId: roleId,
      ip: actor.ip,
      source: actor.source,
      detail: { before: null, after: { name: input.roleName, moduleIDs: modules } },
    });
    return { message: ROLE_CREATED, id: roleId };
  });
}

/** The role as it stands, locked, once the administrator may change it. */
async function roleToChange(
  q: Queryable,
  actor: Actor,
  roleId: number,
): Promise<{ name: string; active: boolean; moduleIDs: number[] }> {
  const [role] = await q.query<{ name: string; active: boolean }>(
    'SELECT name, active FROM roles WHERE role_id = $1 FOR UPDATE',
    [roleId],
  );
  if (!role) throw new NotFoundError('No such role.');
  if (!(await roleHoldersWithinReach(q, await adminReach(q, actor), roleId)))
    throw new ForbiddenError('Users outside the groups you manage hold this role: it cannot be changed here.');
  const modules = await q.query<{ module_id: number }>(
    'SELECT module_id FROM role_modules WHERE role_id = $1 ORDER BY module_id',
    [roleId],
  );
  return { ...role, moduleIDs: modules.map((row) => Number(row.module_id)) };
}

export async function updateRole(
  db: Db,
  actor: Actor,
  input: SaveRoleRequest & { roleID: number },
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const before = await roleToChange(tx, actor, input.roleID);
    const modules = await checkModules(tx, actor, input.moduleIDs);
    // Modules the role holds that the administrator does not may stay; they cannot be given.
    const kept = await tx.query<{ module_id: number }>(
      `SELECT rm.module_id FROM role_modules rm JOIN modules m ON m.module_id = rm.module_id
        WHERE rm.role_id = $1 AND NOT m.code = ANY($2::text[])`,
      [input.roleID, [...actor.modules]],
    );
    const after = [...new Set([...modules, ...kept.map((row) => Number(row.module_id))])].sort((a, b) => a - b);
    if (await nameTaken(tx, input.roleName, input.roleID)) throw new BadRequestError(ROLE_NAME_EXISTS);
    if (actor.roleId === input.roleID) {
      // Taking the roles module off one's own role would lock the administrator out of this screen.
      const [own] = await tx.query<{ module_id: number }>("SELECT module_id FROM modules WHERE code = 'ADMIN_ROLES'");
      if (own && !after.includes(Number(own.module_id)))
        throw new BadRequestError('Your own role keeps Roles and Modules: ask another administrator to take it off.');
    }
    await tx.query('UPDATE roles SET name = $2 WHERE role_id = $1', [input.roleID, input.roleName]);
    await tx.query('DELETE FROM role_modules WHERE role_id = $1 AND NOT module_id = ANY($2::bigint[])', [
      input.roleID,
      after,
    ]);
    await tx.query(
      'INSERT INTO role_modules (role_id, module_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING',
      [input.roleID, after],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'role.updated',
      recordType: 'role',
      recordId: input.roleID,
      ip: actor.ip,
      source: actor.source,
      detail: {
        before: { name: before.name, moduleIDs: before.moduleIDs },
        after: { name: input.roleName, moduleIDs: after },
      },
    });
    return { message: ROLE_SAVED };
  });
}

export async function setRoleActive(
  db: Db,
  actor: Actor,
  roleId: number,
  active: boolean,
): Promise<{ message: string }> {
  if (roleId === actor.roleId && !active) throw new ForbiddenError('You cannot switch off your own role.');
  return db.transaction(async (tx) => {
    const before = await roleToChange(tx, actor, roleId);
    await tx.query('UPDATE roles SET active = $2 WHERE role_id = $1', [roleId, active]);
    await auditChange(
      tx,
      actor,
      active ? 'role.activated' : 'role.deactivated',
      { type: 'role', id: roleId },
      { active: before.active },
      { active },
    );
    return { message: active ? TOGGLE_MESSAGE.activated : TOGGLE_MESSAGE.inactivated };
  });
}
