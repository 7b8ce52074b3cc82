import { preparedStatement } from '../../db/prepared.ts';
import type { Queryable } from '../../db/types.ts';

/** The groups and practices a user's data role lets them see. Every list query filters by it. */
export interface DataScope {
  groupIds: number[];
  practiceIds: number[];
}

/**
 * The data role's groups and practices as one row of two arrays, for the data role `dataRole`
 * (an SQL expression): read beside the session, so a request pays one round trip for both.
 */
export const DATA_SCOPE_OF_ROLE = (dataRole: string) => `
  SELECT coalesce(array_agg(DISTINCT p.group_id), '{}') AS group_ids,
         coalesce(array_agg(p.practice_id ORDER BY p.practice_id), '{}') AS practice_ids
    FROM data_roles dr
    JOIN data_role_groups drg ON drg.data_role_id = dr.data_role_id
    JOIN practices p ON p.group_id = drg.group_id
   WHERE dr.data_role_id = ${dataRole} AND dr.active
     AND (NOT EXISTS (SELECT 1 FROM data_role_practices x
                        JOIN practices xp ON xp.practice_id = x.practice_id
                       WHERE x.data_role_id = dr.data_role_id AND xp.group_id = p.group_id)
          OR EXISTS (SELECT 1 FROM data_role_practices x
                      WHERE x.data_role_id = dr.data_role_id AND x.practice_id = p.practice_id AND x.show))`;

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
 * A selected group grants the practices picked for it, or all of its practices when none is
 * picked. An inactive data role grants nothing.
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
