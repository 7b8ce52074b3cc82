import { preparedStatement } from '../../db/prepared.ts';
import type { Queryable } from '../../db/types.ts';

/**
 * The claims of the scope's practices that an organisation selection of facilities or providers
 * keeps: a claim is kept when its practice was picked whole (itself or its group), or its facility,
 * or its provider was picked. See claimScope.ts for the SQL every claim list writes of it.
 */
export interface ClaimNarrowing {
  wholePracticeIds: number[];
  facilityIds: number[];
  providerIds: number[];
}

/** The groups and practices a user's data role lets them see. Every list query filters by it. */
export interface DataScope {
  groupIds: number[];
  practiceIds: number[];
  /**
   * Set when the user's organisation selection picked facilities or providers: of the claims of
   * `practiceIds`, only those it keeps are listed, counted, reported and searched. Absent: every
   * claim of `practiceIds`. Patients, batches and settings stay per practice.
   */
  claims?: ClaimNarrowing;
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

const listedIn = (list: string) =>
  `user_settings s CROSS JOIN LATERAL jsonb_array_elements_text(s.value -> '${list}') e(id)`;
const mine = (user: string) => `s.user_id = ${user} AND s.key = '${SELECTION_SETTING}'`;

/**
 * The practices the user's selection names whole (SQL, for `user`, an SQL expression): a group's
 * practices, a practice. Not yet limited to the data role.
 */
const PRACTICES_PICKED_WHOLE = (user: string) => `
    SELECT p.practice_id FROM ${listedIn('groups')} JOIN practices p ON p.group_id = e.id::bigint WHERE ${mine(user)}
    UNION ALL SELECT e.id::bigint FROM ${listedIn('practices')} WHERE ${mine(user)}`;

/** The facilities the user's selection names, with their practice. */
const FACILITIES_PICKED = (user: string) => `
    SELECT f.facility_id, f.practice_id
      FROM ${listedIn('facilities')} JOIN facilities f ON f.facility_id = e.id::bigint WHERE ${mine(user)}`;

/**
 * The providers the user's selection names, with each practice they work in: their own, or for a
 * provider of no practice every practice of its group.
 */
const PROVIDERS_PICKED = (user: string) => `
    SELECT pr.provider_id, coalesce(pr.practice_id, gp.practice_id) AS practice_id
      FROM ${listedIn('providers')} JOIN providers pr ON pr.provider_id = e.id::bigint
      LEFT JOIN practices gp ON pr.practice_id IS NULL AND gp.group_id = pr.group_id
     WHERE ${mine(user)}`;

/**
 * The practices the user's selection names: picked whole, or the practice a picked facility or
 * provider works in. Not yet limited to the data role.
 */
const PRACTICES_PICKED_BY = (user: string) => `
    ${PRACTICES_PICKED_WHOLE(user)}
    UNION ALL SELECT practice_id FROM (${FACILITIES_PICKED(user)}) f
    UNION ALL SELECT practice_id FROM (${PROVIDERS_PICKED(user)}) pr`;

/**
 * The scope every list, report and search of a signed-in user reads: the data role's practices
 * narrowed to those the user's organisation selection names. Nothing picked, or nothing picked
 * that the data role still grants, is the whole data role: the selection only ever narrows it.
 * Beside the practices, the claim narrowing of the facilities and providers picked within them
 * (ClaimNarrowing): `whole_practice_ids`, `facility_ids`, `provider_ids`, both of the last two
 * empty when none is picked. The data role's practices are read once for all three. One row, read
 * beside the session, so a request pays one round trip.
 */
export const DATA_SCOPE_OF_USER = (user: string, dataRole: string) => `
  WITH role_practices AS MATERIALIZED (${PRACTICES_OF_ROLE(dataRole)})
  SELECT coalesce(array_agg(DISTINCT x.group_id), '{}') AS group_ids,
         coalesce(array_agg(x.practice_id ORDER BY x.practice_id), '{}') AS practice_ids,
         coalesce(array_agg(x.practice_id ORDER BY x.practice_id) FILTER (WHERE x.whole), '{}') AS whole_practice_ids,
         ARRAY(SELECT DISTINCT f.facility_id FROM (${FACILITIES_PICKED(user)}) f
                WHERE f.practice_id IN (SELECT rp.practice_id FROM role_practices rp)
                ORDER BY 1) AS facility_ids,
         ARRAY(SELECT DISTINCT pr.provider_id FROM (${PROVIDERS_PICKED(user)}) pr
                WHERE pr.practice_id IN (SELECT rp.practice_id FROM role_practices rp)
                ORDER BY 1) AS provider_ids
    FROM (SELECT r.group_id, r.practice_id, r.picked, r.whole, bool_or(r.picked) OVER () AS any_picked
            FROM (SELECT rp.group_id, rp.practice_id,
                         rp.practice_id IN (${PRACTICES_PICKED_BY(user)}) AS picked,
                         rp.practice_id IN (${PRACTICES_PICKED_WHOLE(user)}) AS whole
                    FROM role_practices rp) r) x
   WHERE x.picked OR NOT x.any_picked`;

/** The columns of DATA_SCOPE_OF_USER as a driver returns them (ids may come back as text or bigint). */
export interface ScopeRow {
  group_ids: (number | string | bigint)[];
  practice_ids: (number | string | bigint)[];
  whole_practice_ids: (number | string | bigint)[];
  facility_ids: (number | string | bigint)[];
  provider_ids: (number | string | bigint)[];
}

/** The scope of a DATA_SCOPE_OF_USER row: a claim narrowing only when facilities or providers are picked. */
export function scopeOfRow(row: ScopeRow | undefined): DataScope {
  const numbers = (list: (number | string | bigint)[] | undefined) => (list ?? []).map(Number);
  const scope: DataScope = {
    groupIds: numbers(row?.group_ids).sort((a, b) => a - b),
    practiceIds: numbers(row?.practice_ids),
  };
  const facilityIds = numbers(row?.facility_ids);
  const providerIds = numbers(row?.provider_ids);
  if (facilityIds.length > 0 || providerIds.length > 0)
    scope.claims = { wholePracticeIds: numbers(row?.whole_practice_ids), facilityIds, providerIds };
  return scope;
}

const SCOPE_OF_USER = preparedStatement(
  'data-scope-of-user',
  `SELECT * FROM (${DATA_SCOPE_OF_USER('$1::bigint', '$2::bigint')}) scope`,
);

/**
 * The scope of a signed-in user as the session reads it: the data role narrowed by the
 * organisation selection (DATA_SCOPE_OF_USER). For a request made without the session's scope, a
 * bulk run of the user's, and the selector's own summary.
 */
export async function loadUserScope(q: Queryable, userId: number, dataRoleId: number): Promise<DataScope> {
  const [row] = await q.query<ScopeRow>(SCOPE_OF_USER, [userId, dataRoleId]);
  return scopeOfRow(row);
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
