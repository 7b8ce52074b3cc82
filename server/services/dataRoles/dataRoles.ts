/**
 * Data roles: the groups, and within them the practices, a user sees. An administrator sees and
 * changes only data roles within their own groups, and puts in them only groups and practices
 * their own data role grants. A change takes effect on each holder's next request: the session
 * reads the data role's scope with every request (../auth/sessions.ts).
 */
import type { DataRoleRow, SaveDataRoleRequest } from '../../../contract/dataRoles.ts';
import { DATA_ROLE_CREATED, DATA_ROLE_NAME_EXISTS, DATA_ROLE_SAVED } from '../../../contract/dataRoles.ts';
import { TOGGLE_MESSAGE } from '../../../contract/messages.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors.ts';
import { adminReach, dataRoleWithinReach, withinReachSql, type AdminReach } from '../access/adminReach.ts';
import { writeAudit } from '../audit/audit.ts';
import { auditChange } from '../audit/auditChange.ts';
import type { Actor } from '../context.ts';

const DATA_ROLE_ROW = `
  SELECT dr.data_role_id AS "dataRoleID", dr.name, dr.active,
         coalesce((SELECT json_agg(json_build_object('groupID', g.group_id, 'name', g.name) ORDER BY lower(g.name), g.group_id)
                     FROM data_role_groups drg JOIN groups g ON g.group_id = drg.group_id
                    WHERE drg.data_role_id = dr.data_role_id), '[]'::json) AS groups,
         ARRAY(SELECT x.practice_id FROM data_role_practices x WHERE x.data_role_id = dr.data_role_id AND x.show
                ORDER BY x.practice_id) AS "practiceIDs",
         (SELECT count(*)::int FROM users u WHERE u.data_role_id = dr.data_role_id) AS users
    FROM data_roles dr`;

type RawRow = Omit<DataRoleRow, 'practiceIDs' | 'groups'> & {
  practiceIDs: (number | string)[];
  groups: DataRoleRow['groups'] | string;
};
const tidy = (row: RawRow): DataRoleRow => ({
  ...row,
  groups: typeof row.groups === 'string' ? (JSON.parse(row.groups) as DataRoleRow['groups']) : row.groups,
  practiceIDs: row.practiceIDs.map(Number),
});

export async function listDataRoles(db: Db, actor: Actor): Promise<DataRoleRow[]> {
  const reach = await adminReach(db, actor);
  const rows = await db.query<RawRow>(
    `${DATA_ROLE_ROW} WHERE ${withinReachSql('dr.data_role_id', '$1', '$2')} ORDER BY lower(dr.name)`,
    [reach.groupIds, reach.practiceIds],
  );
  return rows.map(tidy);
}

async function requireWithinReach(q: Queryable, reach: AdminReach, dataRoleId: number): Promise<DataRoleRow> {
  const [row] = await q.query<RawRow>(`${DATA_ROLE_ROW} WHERE dr.data_role_id = $1`, [dataRoleId]);
  if (!row || !(await dataRoleWithinReach(q, reach, dataRoleId)))
    throw new NotFoundError('No such data role among the groups you manage.');
  return tidy(row);
}

/** The groups the administrator may put in a data role; `select` for those `dataRoleId` has. */
export async function dataRoleGroups(
  db: Db,
  actor: Actor,
  dataRoleId?: number,
): Promise<{ groupID: number; name: string; select: boolean }[]> {
  const reach = await adminReach(db, actor);
  if (dataRoleId !== undefined) await requireWithinReach(db, reach, dataRoleId);
  return db.query(
    `SELECT g.group_id AS "groupID", g.name,
            EXISTS (SELECT 1 FROM data_role_groups x WHERE x.data_role_id = $2 AND x.group_id = g.group_id) AS "select"
       FROM groups g WHERE g.group_id = ANY($1::bigint[]) ORDER BY lower(g.name), g.group_id`,
    [reach.groupIds, dataRoleId ?? 0],
  );
}

/** The practices the administrator may pick (of `groupIds` when given), with `select` and `show` for `dataRoleId`. */
export async function dataRolePractices(
  db: Db,
  actor: Actor,
  dataRoleId: number | undefined,
  groupIds: number[] | undefined,
): Promise<{ practiceID: number; groupID: number; name: string; select: boolean; show: boolean }[]> {
  const reach = await adminReach(db, actor);
  if (dataRoleId !== undefined) await requireWithinReach(db, reach, dataRoleId);
  return db.query(
    `SELECT p.practice_id AS "practiceID", p.group_id AS "groupID", p.name,
            x.practice_id IS NOT NULL AS "select", coalesce(x.show, false) AS show
       FROM practices p
       LEFT JOIN data_role_practices x ON x.practice_id = p.practice_id AND x.data_role_id = $3
      WHERE p.practice_id = ANY($1::bigint[]) AND ($2::bigint[] IS NULL OR p.group_id = ANY($2::bigint[]))
      ORDER BY lower(p.name), p.practice_id`,
    [reach.practiceIds, groupIds ?? null, dataRoleId ?? 0],
  );
}

/** Refuses groups or practices beyond the administrator's own, and practices of groups not picked. */
async function checkPicks(q: Queryable, reach: AdminReach, input: SaveDataRoleRequest): Promise<void> {
  const groups = [...new Set(input.groupIDs)];
  if (groups.some((id) => !reach.groupIds.includes(id)))
    throw new BadRequestError('Pick groups within the groups you manage.');
  const practices = [...new Set(input.practiceIDs)];
  if (practices.some((id) => !reach.practiceIds.includes(id)))
    throw new BadRequestError('Pick practices within the practices you manage.');
  if (practices.length === 0) {
    // A group without practice picks grants all of its practices: each must be the administrator's.
    const [beyond] = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM practices WHERE group_id = ANY($1::bigint[]) AND NOT practice_id = ANY($2::bigint[])',
      [groups, reach.practiceIds],
    );
    if (Number(beyond?.n ?? 0) > 0)
      throw new BadRequestError('You manage only some practices of these groups: pick the practices.');
    return;
  }
  const [outside] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM practices WHERE practice_id = ANY($1::bigint[]) AND NOT group_id = ANY($2::bigint[])',
    [practices, groups],
  );
  if (Number(outside?.n ?? 0) > 0) throw new BadRequestError('A practice picked belongs to a group not picked.');
  const [unlimited] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM unnest($1::bigint[]) AS g(group_id)
      WHERE NOT EXISTS (SELECT 1 FROM practices p WHERE p.group_id = g.group_id AND p.practice_id = ANY($2::bigint[]))
        AND EXISTS (SELECT 1 FROM practices p WHERE p.group_id = g.group_id AND NOT p.practice_id = ANY($3::bigint[]))`,
    [groups, practices, reach.practiceIds],
  );
  if (Number(unlimited?.n ?? 0) > 0)
    throw new BadRequestError('You manage only some practices of a group picked: pick its practices.');
}

async function nameTaken(q: Queryable, name: string, exceptId = 0): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM data_roles WHERE lower(name) = lower($1) AND data_role_id <> $2', [
    name,
    exceptId,
  ]);
  return rows.length > 0;
}

async function writePicks(q: Queryable, dataRoleId: number, input: SaveDataRoleRequest): Promise<void> {
  await q.query('DELETE FROM data_role_practices WHERE data_role_id = $1', [dataRoleId]);
  await q.query('DELETE FROM data_role_groups WHERE data_role_id = $1', [dataRoleId]);
  await q.query('INSERT INTO data_role_groups (data_role_id, group_id) SELECT $1, unnest($2::bigint[])', [
    dataRoleId,
    [...new Set(input.groupIDs)],
  ]);
  await q.query(
    'INSERT INTO data_role_practices (data_role_id, practice_id, show) SELECT $1, unnest($2::bigint[]), true',
    [dataRoleId, [...new Set(input.practiceIDs)]],
  );
}

const picksOf = (input: SaveDataRoleRequest) => ({
  name: input.name,
  groupIDs: [...new Set(input.groupIDs)].sort((a, b) => a - b),
  practiceIDs: [...new Set(input.practiceIDs)].sort((a, b) => a - b),
});

export async function saveDataRole(
  db: Db,
  actor: Actor,
  input: SaveDataRoleRequest,
): Promise<{ message: string; id: number }> {
  return db.transaction(async (tx) => {
    await checkPicks(tx, await adminReach(tx, actor), input);
    if (await nameTaken(tx, input.name)) throw new BadRequestError(DATA_ROLE_NAME_EXISTS);
    const [row] = await tx.query<{ data_role_id: number }>(
      'INSERT INTO data_roles (name) VALUES ($1) RETURNING data_role_id',
      [input.name],
    );
    const dataRoleId = Number(row!.data_role_id);
    await writePicks(tx, dataRoleId, input);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'data_role.created',
      recordType: 'data_role',
      recordId: dataRoleId,
      ip: actor.ip,
      source: actor.source,
      detail: { before: null, after: picksOf(input) },
    });
    return { message: DATA_ROLE_CREATED, id: dataRoleId };
  });
}

async function lockDataRole(q: Queryable, dataRoleId: number): Promise<void> {
  await q.query('SELECT data_role_id FROM data_roles WHERE data_role_id = $1 FOR UPDATE', [dataRoleId]);
}

export async function updateDataRole(
  db: Db,
  actor: Actor,
  input: SaveDataRoleRequest & { dataRoleID: number },
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    await lockDataRole(tx, input.dataRoleID);
    const reach = await adminReach(tx, actor);
    const before = await requireWithinReach(tx, reach, input.dataRoleID);
    await checkPicks(tx, reach, input);
    if (await nameTaken(tx, input.name, input.dataRoleID)) throw new BadRequestError(DATA_ROLE_NAME_EXISTS);
    await tx.query('UPDATE data_roles SET name = $2 WHERE data_role_id = $1', [input.dataRoleID, input.name]);
    await writePicks(tx, input.dataRoleID, input);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'data_role.updated',
      recordType: 'data_role',
      recordId: input.dataRoleID,
      ip: actor.ip,
      source: actor.source,
      detail: {
        before: {
          name: before.name,
          groupIDs: before.groups.map((group) => group.groupID),
          practiceIDs: before.practiceIDs,
        },
        after: picksOf(input),
      },
    });
    return { message: DATA_ROLE_SAVED };
  });
}

export async function setDataRoleActive(
  db: Db,
  actor: Actor,
  dataRoleId: number,
  active: boolean,
): Promise<{ message: string }> {
  if (dataRoleId === actor.dataRoleId && !active) throw new ForbiddenError('You cannot switch off your own data role.');
  return db.transaction(async (tx) => {
    await lockDataRole(tx, dataRoleId);
    const before = await requireWithinReach(tx, await adminReach(tx, actor), dataRoleId);
    await tx.query('UPDATE data_roles SET active = $2 WHERE data_role_id = $1', [dataRoleId, active]);
    await auditChange(
      tx,
      actor,
      active ? 'data_role.activated' : 'data_role.deactivated',
      { type: 'data_role', id: dataRoleId },
      { active: before.active },
      { active },
    );
    return { message: active ? TOGGLE_MESSAGE.activated : TOGGLE_MESSAGE.inactivated };
  });
}
