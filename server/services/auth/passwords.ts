import type { ResetPasswordRequest, UpdateUserPasswordRequest } from '../../../contract/auth.ts';
import { LOGIN_ERROR } from '../../../contract/messages.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { BadRequestError } from '../../errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { recordFailedAttempt } from './failedAttempts.ts';
import { consumeEmailCode, consumeTotp, issueEmailCode } from './secondFactor.ts';
import { revokeAllSessions } from './sessions.ts';
import { findUserByEmail, findUserById, isLocked } from './userRecord.ts';

/** Sends a reset code when the address belongs to an active user; the reply never says which. */
export async function requestPasswordReset(deps: AuthDeps, email: string, meta: RequestMeta): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || !user.active || isLocked(user, deps.now())) return;
  await issueEmailCode(deps, user, 'reset_password');
  await writeAudit(deps.db, {
    userId: user.user_id,
    action: 'password_reset.requested',
    recordType: 'user',
    recordId: user.user_id,
    ip: meta.ip,
  });
}

/**
 * Sets a new password with the e-mailed code, and the authenticator code when the user has one,
 * so a mailbox alone does not take over an account. Every session of the user ends.
 */
export async function resetPassword(deps: AuthDeps, request: ResetPasswordRequest, meta: RequestMeta): Promise<void> {
  const now = deps.now();
  const user = await findUserByEmail(deps.db, request.email);
  if (!user || !user.active) throw new BadRequestError(LOGIN_ERROR.notMatch);
  if (isLocked(user, now)) throw new BadRequestError(LOGIN_ERROR.maximumLimits);
  const passwordHash = await hashPassword(request.newPassword);
  const error = await deps.db.transaction(async (tx) => {
    const code = await consumeEmailCode(tx, user, request.code, 'reset_password', now);
    if (!code.ok) return code.error;
    if (user.totp_secret && !(request.totp && (await consumeTotp(tx, user, request.totp, now)))) {
      throw new BadRequestError('Enter the current code from your authenticator app.');
    }
    await tx.query(
      `UPDATE users SET password_hash = $2, password_changed_at = $3, password_expires_at = NULL,
              must_change_password = false, failed_attempts = 0, locked_until = NULL
        WHERE user_id = $1`,
      [user.user_id, passwordHash, now],
    );
    await revokeAllSessions(tx, user.user_id, now, 'password_reset');
    await writeAudit(tx, {
      userId: user.user_id,
      action: 'password_reset',
      recordType: 'user',
      recordId: user.user_id,
      ip: meta.ip,
    });
    return null;
  });
  if (error === LOGIN_ERROR.notMatch)
    throw new BadRequestError(await recordFailedAttempt(deps.db, user.user_id, now, 'wrong reset code', meta.ip));
  if (error) throw new BadRequestError(error);
}

/** A signed-in user changes their own password; their other sessions end. */
export async function changePassword(deps: AuthDeps, actor: Actor, request: UpdateUserPasswordRequest): Promise<void> {
  const now = deps.now();
  const user = await findUserById(deps.db, actor.userId);
  if (!user || !(await verifyPassword(user.password_hash, request.currentPassword))) {
    throw new BadRequestError('The current password is not correct.');
  }
  if (request.currentPassword === request.newPassword)
    throw new BadRequestError('The new password must differ from the current one.');
  const passwordHash = await hashPassword(request.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET password_hash = $2, password_changed_at = $3, password_expires_at = NULL, must_change_password = false WHERE user_id = $1`,
      [user.user_id, passwordHash, now],
    );
    await revokeAllSessions(tx, user.user_id, now, 'password_changed', actor.sessionId);
    await writeAudit(tx, {
      userId: user.user_id,
      action: 'password_changed',
      recordType: 'user',
      recordId: user.user_id,
      ip: actor.ip,
      source: actor.source,
    });
  });
}
