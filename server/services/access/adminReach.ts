/**
 * What an administrator may manage: the users and data roles within the groups of their own data
 * role. A data role is within reach when every group it names and every practice it would grant
 * (whether it is active or not) is one the administrator's data role grants; a user is within
 * reach when their data role is. So a Northwind administrator cannot see, change or hand out a
 * data role that reaches into Lakeside, nor manage a user who works there.
 */
import type { Queryable } from '../../db/types.ts';
import type { Actor } from '../context.ts';
import { loadDataScope } from './dataScope.ts';

export interface AdminReach {
  /** The groups the administrator's data role names (active data role only). */
  groupIds: number[];
  /** The practices it grants. */
  practiceIds: number[];
}

export async function adminReach(q: Queryable, actor: Actor): Promise<AdminReach> {
  // The data role itself: the organisation selection narrows what the console shows, not what an administrator manages.
  const scope = await loadDataScope(q, actor.dataRoleId);
  const groups = await q.query<{ group_id: number }>(
    `SELECT g.group_id FROM data_role_groups g JOIN data_roles dr ON dr.data_role_id = g.data_role_id AND dr.active
      WHERE g.data_role_id = $1 ORDER BY g.group_id`,
    [actor.dataRoleId],
  );
  return { groupIds: groups.map((row) => Number(row.group_id)), practiceIds: scope.practiceIds };
}

/**
 * SQL, true when data role `dataRole` (an SQL expression) is within the reach passed as `$groups`
 * and `$practices` (bigint[] parameters, by their placeholders).
 */
export function withinReachSql(dataRole: string, groups: string, practices: string): string {
  return `(NOT EXISTS (SELECT 1 FROM data_role_groups rg
                        WHERE rg.data_role_id = ${dataRole} AND NOT rg.group_id = ANY(${groups}::bigint[]))
       AND NOT EXISTS (SELECT 1 FROM data_role_groups rg JOIN practices rp ON rp.group_id = rg.group_id
                        WHERE rg.data_role_id = ${dataRole}
                          AND NOT rp.practice_id = ANY(${practices}::bigint[])
                          AND (NOT EXISTS (SELECT 1 FROM data_role_practices x JOIN practices xp ON xp.practice_id = x.practice_id
                                            WHERE x.data_role_id = ${dataRole} AND xp.group_id = rp.group_id)
                               OR EXISTS (SELECT 1 FROM data_role_practices x
                                           WHERE x.data_role_id = ${dataRole} AND x.practice_id = rp.practice_id AND x.show))))`;
}

/** Whether data role `dataRoleId` is within the administrator's reach. */
export async function dataRoleWithinReach(q: Queryable, reach: AdminReach, dataRoleId: number): Promise<boolean> {
  const [row] = await q.query<{ within: boolean }>(
    `SELECT ${withinReachSql('dr.data_role_id', '$2', '$3')} AS within FROM data_roles dr WHERE dr.data_role_id = $1`,
    [dataRoleId, reach.groupIds, reach.practiceIds],
  );
  return row?.within === true;
}

/** Whether every user holding role `roleId` is within reach (a role is shared by whoever holds it). */
export async function roleHoldersWithinReach(q: Queryable, reach: AdminReach, roleId: number): Promise<boolean> {
  const [row] = await q.query<{ outside: number }>(
    `SELECT count(*)::int AS outside FROM users u
      WHERE u.role_id = $1 AND NOT ${withinReachSql('u.data_role_id', '$2', '$3')}`,
    [roleId, reach.groupIds, reach.practiceIds],
  );
  return Number(row?.outside ?? 0) === 0;
}
