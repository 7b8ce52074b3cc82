/**
 * Modules: the privileges roles are made of (type, code, name). The codes the server checks on
 * its calls are built in: their code stays as it is. An administrator changes only a module they
 * hold whose every holder is within their groups.
 */
import { TOGGLE_MESSAGE } from '../../../contract/messages.ts';
import {
  MODULE_CODE_EXISTS,
  MODULE_CREATED,
  MODULE_NAME_EXISTS,
  MODULE_TYPES,
  MODULE_UPDATED,
  type ModuleRow,
  type ModuleType,
  type SaveModuleRequest,
} from '../../../contract/menuRoles.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors.ts';
import { adminReach, withinReachSql } from '../access/adminReach.ts';
import { writeAudit } from '../audit/audit.ts';
import { auditChange } from '../audit/auditChange.ts';
import type { Actor } from '../context.ts';
import { BUILT_IN_CODES, MODULE_ROW } from './menuRoles.ts';

export function moduleTypes(): Promise<ModuleType[]> {
  return Promise.resolve([...MODULE_TYPES]);
}

export function listModules(db: Db): Promise<ModuleRow[]> {
  return db.query<ModuleRow>(`${MODULE_ROW} ORDER BY m.module_type, m.module_id`, [BUILT_IN_CODES]);
}

export async function moduleById(db: Queryable, moduleId: number): Promise<ModuleRow> {
  const [row] = await db.query<ModuleRow>(`${MODULE_ROW} WHERE m.module_id = $2`, [BUILT_IN_CODES, moduleId]);
  if (!row) throw new NotFoundError('No such module.');
  return row;
}

async function checkUnique(q: Queryable, input: SaveModuleRequest, exceptModuleId = 0): Promise<void> {
  const [taken] = await q.query<{ code: boolean; name: boolean }>(
    `SELECT bool_or(upper(code) = upper($1)) AS code, bool_or(lower(name) = lower($2)) AS name
       FROM modules WHERE module_id <> $3`,
    [input.moduleCode, input.moduleName, exceptModuleId],
  );
  if (taken?.code) throw new BadRequestError(MODULE_CODE_EXISTS);
  if (taken?.name) throw new BadRequestError(MODULE_NAME_EXISTS);
}

export async function saveModule(
  db: Db,
  actor: Actor,
  input: SaveModuleRequest,
): Promise<{ message: string; id: number }> {
  return db.transaction(async (tx) => {
    await checkUnique(tx, input);
    const [row] = await tx.query<{ module_id: number }>(
      'INSERT INTO modules (code, name, module_type) VALUES ($1, $2, $3) RETURNING module_id',
      [input.moduleCode, input.moduleName, input.moduleType],
    );
    const moduleId = Number(row!.module_id);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'module.created',
      recordType: 'module',
      recordId: moduleId,
      ip: actor.ip,
      source: actor.source,
      detail: { before: null, after: { code: input.moduleCode, name: input.moduleName, type: input.moduleType } },
    });
    return { message: MODULE_CREATED, id: moduleId };
  });
}

/** The module, locked, once the administrator may change it. */
async function moduleToChange(q: Queryable, actor: Actor, moduleId: number): Promise<ModuleRow> {
  await q.query('SELECT module_id FROM modules WHERE module_id = $1 FOR UPDATE', [moduleId]);
  const before = await moduleById(q, moduleId);
  if (before.builtIn && !actor.modules.has(before.moduleCode as never))
    throw new ForbiddenError('You cannot change a module you do not hold.');
  const reach = await adminReach(q, actor);
  const [outside] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u JOIN role_modules rm ON rm.role_id = u.role_id
      WHERE rm.module_id = $1 AND NOT ${withinReachSql('u.data_role_id', '$2', '$3')}`,
    [moduleId, reach.groupIds, reach.practiceIds],
  );
  if (Number(outside?.n ?? 0) > 0)
    throw new ForbiddenError('Users outside the groups you manage hold this module: it cannot be changed here.');
  return before;
}

export async function updateModule(
  db: Db,
  actor: Actor,
  input: SaveModuleRequest & { moduleID: number },
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const before = await moduleToChange(tx, actor, input.moduleID);
    if (before.builtIn && before.moduleCode !== input.moduleCode)
      throw new BadRequestError(`${before.moduleCode} is checked by the server: its code cannot change.`);
    await checkUnique(tx, input, input.moduleID);
    await tx.query('UPDATE modules SET code = $2, name = $3, module_type = $4 WHERE module_id = $1', [
      input.moduleID,
      input.moduleCode,
      input.moduleName,
      input.moduleType,
    ]);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'module.updated',
      recordType: 'module',
      recordId: input.moduleID,
      ip: actor.ip,
      source: actor.source,
      detail: {
        before: { code: before.moduleCode, name: before.moduleName, type: before.moduleType },
        after: { code: input.moduleCode, name: input.moduleName, type: input.moduleType },
      },
    });
    return { message: MODULE_UPDATED };
  });
}

export async function setModuleActive(
  db: Db,
  actor: Actor,
  moduleId: number,
  active: boolean,
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const before = await moduleToChange(tx, actor, moduleId);
    if (!active && before.moduleCode === 'ADMIN_ROLES')
      throw new BadRequestError('Roles and Modules cannot be switched off: nobody could switch it on again.');
    await tx.query('UPDATE modules SET active = $2 WHERE module_id = $1', [moduleId, active]);
    await auditChange(
      tx,
      actor,
      active ? 'module.activated' : 'module.deactivated',
      { type: 'module', id: moduleId },
      { active: before.active },
      { active },
    );
    return { message: active ? TOGGLE_MESSAGE.activated : TOGGLE_MESSAGE.inactivated };
  });
}
