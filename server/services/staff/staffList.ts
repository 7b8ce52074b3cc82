/**
 * The users an administrator manages: those whose data role lies within the administrator's own
 * groups (../access/adminReach.ts). Another group's user is not found, as another group's claim is.
 */
import type { UserLookups, UserRow } from '../../../contract/staff.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import { adminReach, withinReachSql, type AdminReach } from '../access/adminReach.ts';
import type { Actor } from '../context.ts';

const USER_ROW = `
  SELECT u.user_id AS "userID", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
         u.role_id AS "roleID", r.name AS "roleName", u.data_role_id AS "dataRoleID", dr.name AS "dataRoleName",
         u.default_module_url AS "defaultModuleURL", u.active,
         CASE WHEN NOT u.active THEN 'Inactive'
              WHEN EXISTS (SELECT 1 FROM user_invitations i WHERE i.user_id = u.user_id)
                   AND NOT EXISTS (SELECT 1 FROM user_invitations i WHERE i.user_id = u.user_id AND i.accepted_at IS NOT NULL)
              THEN 'Invited' ELSE 'Active' END AS status,
         u.totp_secret IS NOT NULL AS "authenticatorEnrolled",
         (SELECT to_char(max(la.signed_in_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
            FROM login_audit la WHERE la.user_id = u.user_id) AS "lastSignIn"
    FROM users u
    JOIN roles r ON r.role_id = u.role_id
    JOIN data_roles dr ON dr.data_role_id = u.data_role_id`;

/** Users within reach, by last and first name; with `groupId`, those whose data role names that group. */
export async function listUsers(db: Queryable, actor: Actor, groupId?: number): Promise<UserRow[]> {
  const reach = await adminReach(db, actor);
  return db.query<UserRow>(
    `${USER_ROW}
      WHERE ${withinReachSql('u.data_role_id', '$1', '$2')}
        AND ($3::bigint IS NULL OR EXISTS (SELECT 1 FROM data_role_groups g WHERE g.data_role_id = u.data_role_id AND g.group_id = $3))
      ORDER BY lower(u.last_name), lower(u.first_name), u.user_id`,
    [reach.groupIds, reach.practiceIds, groupId ?? null],
  );
}

async function userWithinReach(
  db: Queryable,
  reach: AdminReach,
  where: string,
  value: number | string,
): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `${USER_ROW} WHERE ${where} AND ${withinReachSql('u.data_role_id', '$2', '$3')}`,
    [value, reach.groupIds, reach.practiceIds],
  );
  if (!row) throw new NotFoundError('No such user among the groups you manage.');
  return row;
}

export async function userByEmail(db: Queryable, actor: Actor, email: string): Promise<UserRow> {
  return userWithinReach(db, await adminReach(db, actor), 'lower(u.email) = lower($1)', email);
}

export function userByIdWithinReach(db: Queryable, reach: AdminReach, userId: number): Promise<UserRow> {
  return userWithinReach(db, reach, 'u.user_id = $1', userId);
}

/**
 * What an administrator may give: active roles holding no module they lack, active data roles
 * within their groups.
 */
export async function userLookups(db: Queryable, actor: Actor): Promise<UserLookups> {
  const reach = await adminReach(db, actor);
  const roles = await db.query<{ id: number; name: string }>(
    `SELECT r.role_id AS id, r.name FROM roles r
      WHERE r.active AND NOT EXISTS (SELECT 1 FROM role_modules rm JOIN modules m ON m.module_id = rm.module_id
                                      WHERE rm.role_id = r.role_id AND m.active AND NOT m.code = ANY($1::text[]))
      ORDER BY lower(r.name)`,
    [[...actor.modules]],
  );
  const dataRoles = await db.query<{ id: number; name: string }>(
    `SELECT dr.data_role_id AS id, dr.name FROM data_roles dr
      WHERE dr.active AND ${withinReachSql('dr.data_role_id', '$1', '$2')} ORDER BY lower(dr.name)`,
    [reach.groupIds, reach.practiceIds],
  );
  return { roles, dataRoles };
}
