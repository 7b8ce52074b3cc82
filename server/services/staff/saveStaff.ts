/**
 * Adding, changing and (de)activating users. An administrator manages only users within their
 * groups, gives only roles holding modules they hold themselves and data roles within their
 * groups, and cannot switch themselves off. Each change is one transaction with its audit row
 * (before and after); the invitation mail goes out after it commits.
 */
import { randomBytes } from 'node:crypto';
import { TOGGLE_MESSAGE } from '../../../contract/messages.ts';
import {
  USER_CREATED,
  USER_EXISTS,
  USER_SAVED,
  type SaveUserRequest,
  type UpdateUserRequest,
  type UserRow,
} from '../../../contract/staff.ts';
import { hashPassword } from '../../auth/password.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, ForbiddenError } from '../../errors.ts';
import { adminReach, dataRoleWithinReach, type AdminReach } from '../access/adminReach.ts';
import { writeAudit } from '../audit/audit.ts';
import { auditChange } from '../audit/auditChange.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import type { Actor } from '../context.ts';
import { invitationMail, newInvitation } from './invitation.ts';
import { userByIdWithinReach } from './staffList.ts';

/** The modules of role `roleId` the administrator does not hold, or null when there is no such role. */
async function modulesBeyond(q: Queryable, actor: Actor, roleId: number): Promise<string[] | null> {
  const rows = await q.query<{ active: boolean; name: string | null; code: string | null }>(
    `SELECT r.active, m.name, m.code FROM roles r
       LEFT JOIN role_modules rm ON rm.role_id = r.role_id
       LEFT JOIN modules m ON m.module_id = rm.module_id AND m.active
      WHERE r.role_id = $1`,
    [roleId],
  );
  if (rows.length === 0 || !rows[0]!.active) return null;
  return rows.flatMap((row) => (row.code && !actor.modules.has(row.code as never) ? [row.name ?? row.code] : []));
}

/** Refuses a role or data role the administrator may not give. */
async function checkGrant(
  q: Queryable,
  actor: Actor,
  reach: AdminReach,
  roleId: number,
  dataRoleId: number,
): Promise<void> {
  const beyond = await modulesBeyond(q, actor, roleId);
  if (beyond === null) throw new BadRequestError('Pick an active role.');
  if (beyond.length > 0)
    throw new BadRequestError(`You cannot give a role with modules you do not hold: ${beyond.join(', ')}.`);
  const [dataRole] = await q.query<{ active: boolean }>('SELECT active FROM data_roles WHERE data_role_id = $1', [
    dataRoleId,
  ]);
  if (!dataRole?.active || !(await dataRoleWithinReach(q, reach, dataRoleId)))
    throw new BadRequestError('Pick an active data role within the groups you manage.');
}

async function emailTaken(q: Queryable, email: string, exceptUserId = 0): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND user_id <> $2', [
    email,
    exceptUserId,
  ]);
  return rows.length > 0;
}

/** What an audit row keeps of a user: no secrets. */
function auditedUser(
  user: Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'roleID' | 'dataRoleID'> & {
    defaultModuleURL?: string | null;
    active?: boolean;
  },
) {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roleID: user.roleID,
    dataRoleID: user.dataRoleID,
    defaultModuleURL: user.defaultModuleURL ?? null,
    ...(user.active === undefined ? {} : { active: user.active }),
  };
}

function sendLater(deps: AuthDeps, mail: ReturnType<typeof invitationMail>): void {
  deps.mailer.send(mail).catch((error: unknown) => console.error('The invitation mail was not sent:', error));
}

/** A new user, invited by e-mail: they choose their password and authenticator from the link. */
export async function inviteUser(
  deps: AuthDeps,
  actor: Actor,
  input: SaveUserRequest,
  linkBase: string,
): Promise<{ message: string; userID: number }> {
  const now = deps.now();
  // Nobody knows this password: the invitation sets the real one.
  const unusable = await hashPassword(randomBytes(24).toString('base64url'));
  const { userId, token } = await deps.db.transaction(async (tx) => {
    const reach = await adminReach(tx, actor);
    await checkGrant(tx, actor, reach, input.roleID, input.dataRoleID);
    if (await emailTaken(tx, input.email)) throw new BadRequestError(USER_EXISTS);
    const [created] = await tx.query<{ user_id: number }>(
      `INSERT INTO users (email, first_name, last_name, password_hash, role_id, data_role_id, default_module_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING user_id`,
      [
        input.email,
        input.firstName,
        input.lastName,
        unusable,
        input.roleID,
        input.dataRoleID,
        input.defaultModuleURL ?? null,
        now,
      ],
    );
    const userId = Number(created!.user_id);
    const token = await newInvitation(tx, userId, actor.userId, now);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'user.created',
      recordType: 'user',
      recordId: userId,
      ip: actor.ip,
      source: actor.source,
      detail: { before: null, after: auditedUser(input), invited: true },
    });
    return { userId, token };
  });
  sendLater(deps, invitationMail(input, token, linkBase));
  return { message: USER_CREATED, userID: userId };
}

export async function updateUser(
  deps: AuthDeps,
  actor: Actor,
  input: UpdateUserRequest,
  linkBase: string,
): Promise<{ message: string }> {
  const now = deps.now();
  const token = await deps.db.transaction(async (tx) => {
    await tx.query('SELECT user_id FROM users WHERE user_id = $1 FOR UPDATE', [input.userID]);
    const reach = await adminReach(tx, actor);
    const before = await userByIdWithinReach(tx, reach, input.userID);
    if (before.roleID !== input.roleID || before.dataRoleID !== input.dataRoleID)
      await checkGrant(tx, actor, reach, input.roleID, input.dataRoleID);
    if (input.userID === actor.userId && (before.roleID !== input.roleID || before.dataRoleID !== input.dataRoleID))
      throw new BadRequestError('You cannot change your own role or data role: ask another administrator.');
    if (await emailTaken(tx, input.email, input.userID)) throw new BadRequestError(USER_EXISTS);
    await tx.query(
      `UPDATE users SET email = $2, first_name = $3, last_name = $4, role_id = $5, data_role_id = $6, default_module_url = $7
        WHERE user_id = $1`,
      [
        input.userID,
        input.email,
        input.firstName,
        input.lastName,
        input.roleID,
        input.dataRoleID,
        input.defaultModuleURL === undefined ? before.defaultModuleURL : input.defaultModuleURL,
      ],
    );
    let token: string | null = null;
    if (input.resendInvitation) {
      if (before.status !== 'Invited') throw new BadRequestError('This user has already accepted their invitation.');
      token = await newInvitation(tx, input.userID, actor.userId, now);
    }
    // A new e-mail address: the sessions opened under the old one end.
    if (before.email.toLowerCase() !== input.email.toLowerCase())
      await revokeAllSessions(tx, input.userID, now, 'email_changed');
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'user.updated',
      recordType: 'user',
      recordId: input.userID,
      ip: actor.ip,
      source: actor.source,
      detail: {
        before: auditedUser(before),
        after: auditedUser({
          ...input,
          defaultModuleURL: input.defaultModuleURL === undefined ? before.defaultModuleURL : input.defaultModuleURL,
        }),
        ...(token ? { invitationSent: true } : {}),
      },
    });
    return token;
  });
  if (token) sendLater(deps, invitationMail(input, token, linkBase));
  return { message: USER_SAVED };
}

/** Deactivating ends the user's sessions at once and spends an open invitation. */
export async function setUserActive(
  deps: AuthDeps,
  actor: Actor,
  userId: number,
  active: boolean,
): Promise<{ message: string }> {
  const now = deps.now();
  if (userId === actor.userId && !active) throw new ForbiddenError('You cannot deactivate yourself.');
  await deps.db.transaction(async (tx) => {
    await tx.query('SELECT user_id FROM users WHERE user_id = $1 FOR UPDATE', [userId]);
    const before = await userByIdWithinReach(tx, await adminReach(tx, actor), userId);
    await tx.query('UPDATE users SET active = $2 WHERE user_id = $1', [userId, active]);
    if (!active) {
      await revokeAllSessions(tx, userId, now, 'deactivated');
      await tx.query(
        'UPDATE user_invitations SET revoked_at = $2 WHERE user_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL',
        [userId, now],
      );
    }
    await auditChange(
      tx,
      actor,
      active ? 'user.activated' : 'user.deactivated',
      { type: 'user', id: userId },
      { active: before.active },
      { active },
    );
  });
  return { message: active ? TOGGLE_MESSAGE.activated : TOGGLE_MESSAGE.inactivated };
}
