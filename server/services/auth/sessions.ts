import { MODULE_CODES, type ModuleCode } from '../../../contract/call.ts';
import type { SessionUser } from '../../../contract/auth.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { Queryable, Transaction } from '../../db/types.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { DATA_SCOPE_OF_USER, scopeOfRow } from '../access/dataScope.ts';
import { menuDataForRole } from '../menu/menuData.ts';
import type { AuthDeps, RequestMeta, SessionPolicy } from './deps.ts';
import { addMinutes } from './policy.ts';
import { currentEpochs, forget, recall, remember } from './sessionMemory.ts';
import type { UserRecord } from './userRecord.ts';

async function modulesOfRole(q: Queryable, roleId: number): Promise<{ roleName: string; modules: ModuleCode[] }> {
  const rows = await q.query<{ role_name: string; code: ModuleCode | null }>(
    `SELECT r.name AS role_name, m.code
       FROM roles r
       LEFT JOIN role_modules rm ON rm.role_id = r.role_id
       LEFT JOIN modules m ON m.module_id = rm.module_id AND m.active
      WHERE r.role_id = $1 AND r.active
      ORDER BY m.code`,
    [roleId],
  );
  return {
    roleName: rows[0]?.role_name ?? '',
    // Modules an administrator added are privileges no call checks: the session names the ones that are.
    modules: rows.flatMap((row) => (row.code && MODULE_CODES.includes(row.code) ? [row.code] : [])),
  };
}

/** Opens a session after both factors passed: login audit row, hashed token, audit row. */
export async function openSession(
  tx: Transaction,
  user: UserRecord,
  policy: SessionPolicy,
  now: Date,
  meta: RequestMeta,
): Promise<SessionUser> {
  const token = newToken();
  const expireDate = addMinutes(now, policy.maxHours * 60);
  const [audit] = await tx.query<{ login_audit_id: number }>(
    `INSERT INTO login_audit (user_id, signed_in_at, ip, user_agent) VALUES ($1, $2, $3, $4) RETURNING login_audit_id`,
    [user.user_id, now, meta.ip, meta.userAgent.slice(0, 500)],
  );
  const loginAuditID = audit!.login_audit_id;
  await tx.query(
    `INSERT INTO sessions (user_id, token_hash, login_audit_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $4, $5)`,
    [user.user_id, hashToken(token), loginAuditID, now, expireDate],
  );
  await tx.query('UPDATE users SET failed_attempts = 0, locked_until = NULL WHERE user_id = $1', [user.user_id]);
  await writeAudit(tx, {
    userId: user.user_id,
    action: 'sign_in',
    recordType: 'user',
    recordId: user.user_id,
    ip: meta.ip,
  });
  // One after the other: a transaction is one connection, which runs one query at a time.
  const { roleName, modules } = await modulesOfRole(tx, user.role_id);
  const menuData = await menuDataForRole(tx, user.role_id);
  return {
    token,
    expireDate: expireDate.toISOString(),
    loginAuditID,
    defaultModuleURL: user.default_module_url,
    menuData,
    userID: user.user_id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    roleName,
    modules,
    mustChangePassword: user.must_change_password,
  };
}

interface SessionRow {
  session_id: number;
  user_id: number;
  login_audit_id: number;
  last_seen_at: Date;
  expires_at: Date;
  role_id: number;
  data_role_id: number;
  must_change_password: boolean;
  user_active: boolean;
  modules: ModuleCode[];
  /** The data role's scope narrowed by the user's organisation selection, read with the session (ScopeRow's columns). */
  group_ids: (number | string | bigint)[];
  practice_ids: (number | string | bigint)[];
  whole_practice_ids: (number | string | bigint)[];
  facility_ids: (number | string | bigint)[];
  provider_ids: (number | string | bigint)[];
  /** Read in the same snapshot as the rest, so the row is exactly as of this epoch (sessionMemory.ts). */
  access_epoch: number | string;
  /** The claims' change number, read here to save the lists a round trip of their own (context.ts). */
  claims_version: number | string;
}

const SESSION_BY_TOKEN = preparedStatement(
  'session-by-token',
  `SELECT s.session_id, s.user_id, s.login_audit_id, s.last_seen_at, s.expires_at,
              u.role_id, u.data_role_id, u.must_change_password, u.active AS user_active,
              ARRAY(SELECT m.code FROM role_modules rm
                      JOIN modules m ON m.module_id = rm.module_id AND m.active
                      JOIN roles r ON r.role_id = rm.role_id AND r.active
                     WHERE rm.role_id = u.role_id) AS modules,
              scope.group_ids, scope.practice_ids, scope.whole_practice_ids, scope.facility_ids, scope.provider_ids,
              (SELECT epoch FROM access_epoch) AS access_epoch,
              (SELECT last_value FROM claims_change_seq) AS claims_version
         FROM sessions s JOIN users u ON u.user_id = s.user_id
         CROSS JOIN LATERAL (${DATA_SCOPE_OF_USER('u.user_id', 'u.data_role_id')}) scope
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL`,
);
const TOUCH_SESSION = preparedStatement('touch-session', 'UPDATE sessions SET last_seen_at = $2 WHERE session_id = $1');

/** Only record activity once a minute: a write per request would cost more than it tells. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The actor behind a bearer token, or null when the token is unknown, revoked, past its end,
 * idle too long, or its user deactivated. An idle or ended session is revoked on the way. A
 * session read within the last minute under the current access epoch is answered from memory
 * (sessionMemory.ts); any other is read, checked and marked active in the database.
 */
export async function authenticate(deps: AuthDeps, token: string, ip: string): Promise<Actor | null> {
  const now = deps.now();
  const tokenHash = hashToken(token);
  const remembered = recall<SessionRow>(deps.db, tokenHash);
  if (remembered && answerableFromMemory(remembered.row, now, deps.session)) {
    const epochs = await currentEpochs(deps.db);
    if (epochs.accessEpoch === remembered.epoch) return actorOf(remembered.row, epochs.claimsVersion, ip);
  }
  const [row] = await deps.db.query<SessionRow>(SESSION_BY_TOKEN, [tokenHash]);
  if (!row) {
    forget(deps.db, tokenHash);
    return null;
  }
  const idleSince = now.getTime() - row.last_seen_at.getTime();
  const ended = row.expires_at.getTime() <= now.getTime();
  const idle = idleSince > deps.session.idleMinutes * 60_000;
  if (!row.user_active || ended || idle) {
    forget(deps.db, tokenHash);
    await revokeSession(
      deps.db,
      row.session_id,
      row.login_audit_id,
      now,
      !row.user_active ? 'deactivated' : ended ? 'expired' : 'idle',
    );
    return null;
  }
  if (idleSince > TOUCH_EVERY_MS) {
    await deps.db.query(TOUCH_SESSION, [row.session_id, now]);
    row.last_seen_at = now;
  }
  remember(deps.db, tokenHash, { row, epoch: Number(row.access_epoch) });
  return actorOf(row, Number(row.claims_version), ip);
}

/** Whether memory may answer: no activity mark due, not idle, and not at its absolute end. */
function answerableFromMemory(row: SessionRow, now: Date, policy: SessionPolicy): boolean {
  const idleSince = now.getTime() - row.last_seen_at.getTime();
  return idleSince <= Math.min(TOUCH_EVERY_MS, policy.idleMinutes * 60_000) && row.expires_at.getTime() > now.getTime();
}

function actorOf(row: SessionRow, claimsVersion: number, ip: string): Actor {
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    loginAuditId: row.login_audit_id,
    roleId: row.role_id,
    dataRoleId: row.data_role_id,
    modules: new Set(row.modules),
    scope: scopeOfRow(row),
    mustChangePassword: row.must_change_password,
    claimsVersion,
    ip,
    source: 'api',
  };
}

async function revokeSession(
  q: Queryable,
  sessionId: number,
  loginAuditId: number,
  now: Date,
  reason: string,
): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = $2 WHERE session_id = $1 AND revoked_at IS NULL', [sessionId, now]);
  await q.query(
    'UPDATE login_audit SET signed_out_at = $2, sign_out_reason = $3 WHERE login_audit_id = $1 AND signed_out_at IS NULL',
    [loginAuditId, now, reason],
  );
}

/** Sign-out: revokes the calling session (the loginAuditID must be its own). */
export async function signOut(deps: AuthDeps, actor: Actor, loginAuditId: number): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await revokeSession(
      tx,
      actor.sessionId,
      actor.loginAuditId,
      now,
      loginAuditId === actor.loginAuditId ? 'sign_out' : 'sign_out_mismatch',
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'sign_out',
      recordType: 'user',
      recordId: actor.userId,
      ip: actor.ip,
      source: actor.source,
    });
  });
}

/** Ends every session of a user (deactivation, password change elsewhere). */
export async function revokeAllSessions(
  tx: Queryable,
  userId: number,
  now: Date,
  reason: string,
  exceptSessionId?: number,
): Promise<void> {
  const sessions = await tx.query<{ session_id: number; login_audit_id: number }>(
    'SELECT session_id, login_audit_id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND session_id <> $2',
    [userId, exceptSessionId ?? 0],
  );
  for (const session of sessions) await revokeSession(tx, session.session_id, session.login_audit_id, now, reason);
}
