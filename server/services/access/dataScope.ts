import { preparedStatement } from '../../db/prepared.ts';
import type { Queryable } from '../../db/types.ts';

/** The groups and practices a user's data role lets them see. Every list query filters by it. */
export interface DataScope {
  groupIds: number[];
  practiceIds: number[];
}

/** The data role's practices, one row each (group_id, practice_id), for `dataRole` (an SQL expression). */
const PRACTICES_OF_ROLE = (dataRole: string) => `
  SELECT p.group_id, p.practice_id
    FROM data_roles dr
    JOIN data_role_groups drg ON drg.data_role_id = dr.data_role_id
    JOIN practices p ON p.group_id = drg.group_id
   WHERE dr.data_role_id = ${dataRole} AND dr.active
     AND (NOT EXISTS (SELECT 1 FROM data_role_practices x
                        JOIN practices xp ON xp.practice_id = x.practice_id
                       WHERE x.data_role_id = dr.data_role_id AND xp.group_id = p.group_id)
          OR EXISTS (SELECT 1 FROM data_role_practices x
                      WHERE x.data_role_id = dr.data_role_id AND x.practice_id = p.practice_id AND x.show))`;

/**
 * The data role's groups and practices as one row of two arrays, for the data role `dataRole`
 * (an SQL expression).
 */
export const DATA_SCOPE_OF_ROLE = (dataRole: string) => `
  SELECT coalesce(array_agg(DISTINCT r.group_id), '{}') AS group_ids,
         coalesce(array_agg(r.practice_id ORDER BY r.practice_id), '{}') AS practice_ids
    FROM (${PRACTICES_OF_ROLE(dataRole)}) r`;

/** The user setting that keeps the organisation selector's selection (contract/organisationSelector.ts). */
export const SELECTION_SETTING = 'organisationSelection';

/**
 * The practices the user's selection names (SQL, for `user`, an SQL expression): a group's
 * practices, a practice, a facility's practice, a provider's practice (a provider of no practice:
 * every practice of its group). Not yet limited to the data role.
 */
const PRACTICES_PICKED_BY = (user: string) => {
  const listed = (list: string) =>
    `user_settings s CROSS JOIN LATERAL jsonb_array_elements_text(s.value -> '${list}') e(id)`;
  const mine = `s.user_id = ${user} AND s.key = '${SELECTION_SETTING}'`;
  return `
    SELECT p.practice_id FROM ${listed('groups')} JOIN practices p ON p.group_id = e.id::bigint WHERE ${mine}
    UNION ALL SELECT e.id::bigint FROM ${listed('practices')} WHERE ${mine}
    UNION ALL SELECT f.practice_id FROM ${listed('facilities')} JOIN facilities f ON f.facility_id = e.id::bigint WHERE ${mine}
    UNION ALL SELECT coalesce(pr.practice_id, gp.practice_id)
      FROM ${listed('providers')} JOIN providers pr ON pr.provider_id = e.id::bigint
      LEFT JOIN practices gp ON pr.practice_id IS NULL AND gp.group_id = pr.group_id
     WHERE ${mine}`;
};

/**
 * The scope every list, report and search of a signed-in user reads: the data role's practices
 * narrowed to those the user's organisation selection names. Nothing picked, or nothing picked
 * that the data role still grants, is the whole data role: the selection only ever narrows it.
 * One row of two arrays, read beside the session, so a request pays one round trip for both.
 */
export const DATA_SCOPE_OF_USER = (user: string, dataRole: string) => `
  SELECT coalesce(array_agg(DISTINCT x.group_id), '{}') AS group_ids,
         coalesce(array_agg(x.practice_id ORDER BY x.practice_id), '{}') AS practice_ids
    FROM (SELECT r.group_id, r.practice_id, r.picked, bool_or(r.picked) OVER () AS any_picked
            FROM (SELECT rp.group_id, rp.practice_id, rp.practice_id IN (${PRACTICES_PICKED_BY(user)}) AS picked
                    FROM (${PRACTICES_OF_ROLE(dataRole)}) rp) r) x
   WHERE x.picked OR NOT x.any_picked`;

const SCOPE_OF_USER = preparedStatement(
  'data-scope-of-user',
  `SELECT group_ids, practice_ids FROM (${DATA_SCOPE_OF_USER('$1::bigint', '$2::bigint')}) scope`,
);

/**
 * The scope of a signed-in user as the session reads it: the data role narrowed by the
 * organisation selection (DATA_SCOPE_OF_USER). For a request made without the session's scope, a
 * bulk run of the user's, and the selector's own summary.
 */
export async function loadUserScope(q: Queryable, userId: number, dataRoleId: number): Promise<DataScope> {
  const [row] = await q.query<{ group_ids: (number | string)[]; practice_ids: (number | string)[] }>(SCOPE_OF_USER, [
    userId,
    dataRoleId,
  ]);
  return {
    groupIds: (row?.group_ids ?? []).map(Number).sort((a, b) => a - b),
    practiceIds: (row?.practice_ids ?? []).map(Number),
  };
}

const PRACTICES_OF_DATA_ROLE = preparedStatement(
  'practices-of-data-role',
  `SELECT p.group_id, p.practice_id
         FROM data_roles dr
         JOIN data_role_groups drg ON drg.data_role_id = dr.data_role_id
         JOIN practices p ON p.group_id = drg.group_id
        WHERE dr.data_role_id = $1 AND dr.active
          AND (NOT EXISTS (SELECT 1 FROM data_role_practices x
                            JOIN practices xp ON xp.practice_id = x.practice_id
                           WHERE x.data_role_id = dr.data_role_id AND xp.group_id = p.group_id)
               OR EXISTS (SELECT 1 FROM data_role_practices x
                           WHERE x.data_role_id = dr.data_role_id AND x.practice_id = p.practice_id AND x.show))
        ORDER BY p.practice_id`,
);

/**
 * The data role alone, before any organisation selection: a selected group grants the practices
 * picked for it, or all of its practices when none is picked. An inactive data role grants
 * nothing. What the organisation selector offers, and what an administrator may manage.
 */
export async function loadDataScope(q: Queryable, dataRoleId: number): Promise<DataScope> {
  const rows = await q.query<{ group_id: number; practice_id: number }>(PRACTICES_OF_DATA_ROLE, [dataRoleId]);
  return {
    groupIds: [...new Set(rows.map((row) => row.group_id))],
    practiceIds: rows.map((row) => row.practice_id),
  };
}

export function inScope(scope: DataScope, practiceId: number): boolean {
  return scope.practiceIds.includes(practiceId);
}
