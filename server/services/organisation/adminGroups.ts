/**
 * What an administrator of the organisation may see and change: the groups their data role names
 * (an inactive data role names none). A group outside them reads as not found, as any record of
 * another client does, so an id tells nothing about who else the billing company serves.
 */
import type { Queryable } from '../../db/types.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import type { Actor } from '../context.ts';

export async function groupsOfAdmin(q: Queryable, actor: Actor): Promise<number[]> {
  const rows = await q.query<{ group_id: number }>(
    `SELECT g.group_id FROM data_role_groups g JOIN data_roles dr ON dr.data_role_id = g.data_role_id AND dr.active
      WHERE g.data_role_id = $1 ORDER BY g.group_id`,
    [actor.dataRoleId],
  );
  return rows.map((row) => Number(row.group_id));
}

/** Refuses, as not found, a group the administrator's data role does not name. */
export async function requireAdminGroup(q: Queryable, actor: Actor, groupID: number): Promise<void> {
  if (!(await groupsOfAdmin(q, actor)).includes(groupID)) throw new NotFoundError();
}

/**
 * Refuses a change to what every client shares (a payer without a group) unless the
 * administrator's data role names every group: one client's administrator cannot change another's billing.
 */
export async function requireEveryGroup(q: Queryable, actor: Actor): Promise<void> {
  const [outside] = await q.query('SELECT 1 FROM groups WHERE NOT group_id = ANY($1::bigint[]) LIMIT 1', [
    await groupsOfAdmin(q, actor),
  ]);
  if (outside)
    throw new ForbiddenError('A payer every client shares can be changed only by an administrator of every client.');
}
