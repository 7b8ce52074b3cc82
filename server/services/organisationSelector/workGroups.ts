/**
 * Workgroups: named selections a user keeps (SPEC point 1, "Organise groups, practices,
 * facilities and providers into named workgroups"). Each is the user's own: another user's
 * workgroup is not found. Its entries are checked against the data role when kept; each change is
 * one transaction with its audit row.
 */
import {
  KIND_OF_LIST,
  ORG_LISTS,
  orgItemsCount,
  type OrgItems,
  type WorkGroup,
  type WorkGroupsReply,
  type WorkGroupValuesReply,
} from '../../../contract/organisationSelector.ts';
import type { Db, Queryable, Transaction } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { distinctItems, itemPairs, refuseOutsideRole, roleScope, selectorLists } from './items.ts';

/** The most workgroups one user keeps. */
export const WORKGROUPS_MAX = 100;

export const WORKGROUP_NOT_FOUND = 'Workgroup not found.';
const NOTHING_PICKED = 'Pick at least one group, practice, facility or provider for the workgroup.';

const nameTaken = (name: string) => `You already have a workgroup named "${name}".`;

function isNameTaken(error: unknown): boolean {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (typeof constraint !== 'string' || constraint.startsWith('work_groups'));
}

async function refuseTakenName(q: Queryable, userId: number, name: string, except: number | null): Promise<void> {
  const [taken] = await q.query(
    `SELECT 1 FROM work_groups WHERE user_id = $1 AND lower(name) = lower($2) AND ($3::bigint IS NULL OR work_group_id <> $3)`,
    [userId, name, except],
  );
  if (taken) throw new BadRequestError(nameTaken(name));
}

/** The workgroup, locked for the change, when it is the user's; else "not found". */
async function ownWorkGroup(tx: Queryable, userId: number, workGroupId: number): Promise<{ name: string }> {
  const [row] = await tx.query<{ name: string }>(
    'SELECT name FROM work_groups WHERE work_group_id = $1 AND user_id = $2 FOR UPDATE',
    [workGroupId, userId],
  );
  if (!row) throw new NotFoundError(WORKGROUP_NOT_FOUND);
  return row;
}

async function insertItems(tx: Transaction, workGroupId: number, items: OrgItems): Promise<void> {
  const { types, ids } = itemPairs(items);
  await tx.query(
    `INSERT INTO work_group_items (work_group_id, item_type, item_id)
     SELECT $1, t.item_type, t.item_id FROM unnest($2::text[], $3::bigint[]) AS t(item_type, item_id)
     ON CONFLICT DO NOTHING`,
    [workGroupId, types, ids],
  );
}

function auditDetail(items: OrgItems): Record<string, number[]> {
  return Object.fromEntries(ORG_LISTS.map((list) => [list, items[list]]));
}

/** Users/addWorkGroup: a new workgroup of the entries given, all within the data role. */
export async function addWorkGroup(
  db: Db,
  actor: Actor,
  name: string,
  requested: OrgItems,
): Promise<{ workGroupId: number; message: string }> {
  const items = distinctItems(requested);
  if (orgItemsCount(items) === 0) throw new BadRequestError(NOTHING_PICKED);
  await refuseOutsideRole(db, actor, await roleScope(db, actor), items);
  try {
    return await db.transaction(async (tx) => {
      await refuseTakenName(tx, actor.userId, name, null);
      const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM work_groups WHERE user_id = $1', [
        actor.userId,
      ]);
      if ((count?.n ?? 0) >= WORKGROUPS_MAX)
        throw new BadRequestError(`At most ${WORKGROUPS_MAX} workgroups are kept per user: delete one first.`);
      const [row] = await tx.query<{ id: number | string }>(
        'INSERT INTO work_groups (user_id, name) VALUES ($1, $2) RETURNING work_group_id AS id',
        [actor.userId, name],
      );
      const workGroupId = Number(row!.id);
      await insertItems(tx, workGroupId, items);
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'workGroup.add',
        recordType: 'workGroup',
        recordId: workGroupId,
        source: actor.source,
        ip: actor.ip,
        detail: auditDetail(items),
      });
      return { workGroupId, message: 'Workgroup Successfully Created' };
    });
  } catch (error) {
    if (isNameTaken(error)) throw new BadRequestError(nameTaken(name));
    throw error;
  }
}

/** Users/editWorkGroup: the workgroup's name and entries, replaced by those given. */
export async function editWorkGroup(
  db: Db,
  actor: Actor,
  workGroupId: number,
  name: string,
  requested: OrgItems,
): Promise<{ message: string }> {
  const items = distinctItems(requested);
  if (orgItemsCount(items) === 0) throw new BadRequestError(NOTHING_PICKED);
  await refuseOutsideRole(db, actor, await roleScope(db, actor), items);
  try {
    return await db.transaction(async (tx) => {
      const before = await ownWorkGroup(tx, actor.userId, workGroupId);
      await refuseTakenName(tx, actor.userId, name, workGroupId);
      await tx.query('UPDATE work_groups SET name = $2 WHERE work_group_id = $1', [workGroupId, name]);
      await tx.query('DELETE FROM work_group_items WHERE work_group_id = $1', [workGroupId]);
      await insertItems(tx, workGroupId, items);
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'workGroup.edit',
        recordType: 'workGroup',
        recordId: workGroupId,
        source: actor.source,
        ip: actor.ip,
        detail: { before: before.name, name, ...auditDetail(items) },
      });
      return { message: 'Workgroup Successfully Updated' };
    });
  } catch (error) {
    if (isNameTaken(error)) throw new BadRequestError(nameTaken(name));
    throw error;
  }
}

/** Users/renameWorkGroup. */
export async function renameWorkGroup(
  db: Db,
  actor: Actor,
  workGroupId: number,
  name: string,
): Promise<{ message: string }> {
  try {
    return await db.transaction(async (tx) => {
      const before = await ownWorkGroup(tx, actor.userId, workGroupId);
      await refuseTakenName(tx, actor.userId, name, workGroupId);
      await tx.query('UPDATE work_groups SET name = $2 WHERE work_group_id = $1', [workGroupId, name]);
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'workGroup.rename',
        recordType: 'workGroup',
        recordId: workGroupId,
        source: actor.source,
        ip: actor.ip,
        detail: { before: before.name, name },
      });
      return { message: `Workgroup Renamed to ${name}` };
    });
  } catch (error) {
    if (isNameTaken(error)) throw new BadRequestError(nameTaken(name));
    throw error;
  }
}

/** Users/deleteWorkGroup: the workgroup and its entries (the groups, practices... stay, of course). */
export async function deleteWorkGroup(db: Db, actor: Actor, workGroupId: number): Promise<{ response: string }> {
  return db.transaction(async (tx) => {
    const before = await ownWorkGroup(tx, actor.userId, workGroupId);
    await tx.query('DELETE FROM work_groups WHERE work_group_id = $1', [workGroupId]);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'workGroup.delete',
      recordType: 'workGroup',
      recordId: workGroupId,
      source: actor.source,
      ip: actor.ip,
      detail: { name: before.name },
    });
    return { response: 'Workgroup Successfully Deleted' };
  });
}

/** Users/removeFromWorkGroup: takes the entries named out of the workgroup. */
export async function removeFromWorkGroup(
  db: Db,
  actor: Actor,
  workGroupId: number,
  requested: OrgItems,
): Promise<{ message: string }> {
  const items = distinctItems(requested);
  if (orgItemsCount(items) === 0)
    throw new BadRequestError('Name the groups, practices, facilities or providers to take out of the workgroup.');
  return db.transaction(async (tx) => {
    const workGroup = await ownWorkGroup(tx, actor.userId, workGroupId);
    const { types, ids } = itemPairs(items);
    const removed = await tx.query(
      `DELETE FROM work_group_items wi USING unnest($2::text[], $3::bigint[]) AS t(item_type, item_id)
        WHERE wi.work_group_id = $1 AND wi.item_type = t.item_type AND wi.item_id = t.item_id
       RETURNING wi.item_id`,
      [workGroupId, types, ids],
    );
    if (removed.length === 0)
      throw new BadRequestError(`None of these entries is in the workgroup "${workGroup.name}".`);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'workGroup.removeItems',
      recordType: 'workGroup',
      recordId: workGroupId,
      source: actor.source,
      ip: actor.ip,
      detail: auditDetail(items),
    });
    return { message: `Removed from ${workGroup.name}` };
  });
}

/** Repository/getWorkGroups: the user's workgroups by name, with the ids they hold. */
export async function listWorkGroups(q: Queryable, actor: Actor): Promise<WorkGroupsReply> {
  const rows = await q.query<{
    id: number | string;
    name: string;
    item_type: string | null;
    item_id: number | string | null;
  }>(
    `SELECT w.work_group_id AS id, w.name, wi.item_type, wi.item_id
       FROM work_groups w LEFT JOIN work_group_items wi ON wi.work_group_id = w.work_group_id
      WHERE w.user_id = $1
      ORDER BY lower(w.name), w.work_group_id, wi.item_type, wi.item_id`,
    [actor.userId],
  );
  const byId = new Map<number, WorkGroup>();
  for (const row of rows) {
    const id = Number(row.id);
    let workGroup = byId.get(id);
    if (!workGroup) {
      workGroup = { workGroupId: id, name: row.name, groups: [], practices: [], facilities: [], providers: [] };
      byId.set(id, workGroup);
    }
    const list = ORG_LISTS.find((candidate) => KIND_OF_LIST[candidate] === row.item_type);
    if (list && row.item_id !== null) workGroup[list].push(Number(row.item_id));
  }
  return { workGroups: [...byId.values()] };
}

/** Repository/workGroupSelectValues: a workgroup's entries, named, those the data role still grants. */
export async function workGroupValues(db: Db, actor: Actor, workGroupId: number): Promise<WorkGroupValuesReply> {
  const { workGroups } = await listWorkGroups(db, actor);
  const workGroup = workGroups.find((candidate) => candidate.workGroupId === workGroupId);
  if (!workGroup) throw new NotFoundError(WORKGROUP_NOT_FOUND);
  const items = await selectorLists(db, actor, await roleScope(db, actor), { ids: workGroup });
  return { workGroupId, name: workGroup.name, items };
}
