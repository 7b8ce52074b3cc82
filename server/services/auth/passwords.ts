import type { ResetPasswordRequest, UpdateUserPasswordRequest } from '../../../contract/auth.ts';
import { LOGIN_ERROR, type LoginError } from '../../../contract/messages.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { BadRequestError } from '../../errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { secondFactorFailed, takeSecondFactorTry } from './failedAttempts.ts';
import { consumeEmailCode, consumeTotp, issueEmailCode, openResetCode } from './secondFactor.ts';
import { emailKey, giveBackTry, isLastTry, takeTry } from './throttle.ts';
import { revokeAllSessions } from './sessions.ts';
import { findUserByEmail, findUserById, isLocked } from './userRecord.ts';

/**
 * Sends a reset code when the address belongs to an active user who is not locked; the reply never
 * says which, and takes the same time either way (the mail goes out after the answer). Mails are
 * limited per e-mail and per client address, known account or not, and only the newest code is good.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, meta: RequestMeta): Promise<void> {
  const now = deps.now();
  const byAddress = await takeTry(deps.db, { kind: 'reset_mail_address', subject: '', address: meta.ip }, now);
  const byAccount =
    byAddress === null
      ? null
      : await takeTry(deps.db, { kind: 'reset_mail_account', subject: emailKey(email), address: '' }, now);
  const user = await findUserByEmail(deps.db, email);
  if (byAddress === null || byAccount === null) {
    await writeAudit(deps.db, {
      userId: user?.user_id ?? null,
      action: 'password_reset.throttled',
      ip: meta.ip,
      detail: { by: byAddress === null ? 'address' : 'e-mail' },
    });
    return;
  }
  if (!user || !user.active || isLocked(user, now)) return;
  const { mailed } = await issueEmailCode(deps, user, 'reset_password', { waitForMail: false });
  await writeAudit(deps.db, {
    userId: user.user_id,
    action: 'password_reset.requested',
    recordType: 'user',
    recordId: user.user_id,
    ip: meta.ip,
  });
  mailed.catch((error: unknown) => console.error('The password reset mail was not sent:', error));
}

/** The answer to a wrong reset code, or to an e-mail no active account has: the same, by design. */
function wrongResetCode(tryNumber: number, error: LoginError = LOGIN_ERROR.notMatch): BadRequestError {
  return new BadRequestError(isLastTry('reset_code', tryNumber) ? LOGIN_ERROR.maximumLimits : error);
}

/**
 * Sets a new password with the e-mailed code, and the authenticator code when the user has one,
 * so a mailbox alone does not take over an account. Wrong e-mailed codes count per e-mail and
 * client address (and wear the code out); a wrong authenticator code after a right e-mailed one
 * counts towards the account lock like a sign-in's second factor, and the lock spends the code.
 * Every session of the user ends.
 */
export async function resetPassword(deps: AuthDeps, request: ResetPasswordRequest, meta: RequestMeta): Promise<void> {
  const now = deps.now();
  // Spent whether or not the account exists, so the answer's time says nothing.
  const passwordHash = await hashPassword(request.newPassword);
  const codeKey = { kind: 'reset_code' as const, subject: emailKey(request.email), address: meta.ip };
  const codeTry = await takeTry(deps.db, codeKey, now);
  if (codeTry === null) throw new BadRequestError(LOGIN_ERROR.maximumLimits);
  const user = await findUserByEmail(deps.db, request.email);
  if (!user || !user.active) throw wrongResetCode(codeTry);
  const code = await openResetCode(deps.db, user, request.code, now);
  if (!code.ok) throw wrongResetCode(codeTry, code.error);
  await giveBackTry(deps.db, codeKey);

  if (user.totp_secret) {
    const factorTry = await takeSecondFactorTry(deps.db, user.user_id, now);
    if (factorTry === null) throw new BadRequestError(LOGIN_ERROR.maximumLimits);
    if (!(request.totp && (await consumeTotp(deps.db, deps.totpBox, user, request.totp, now)))) {
      const said = await secondFactorFailed(
        deps.db,
        user.user_id,
        factorTry,
        now,
        'wrong reset authenticator code',
        meta.ip,
      );
      throw new BadRequestError(said === LOGIN_ERROR.maximumLimits ? said : RESET_NEEDS_AUTHENTICATOR);
    }
  }

  const error = await deps.db.transaction(async (tx) => {
    const spent = await consumeEmailCode(tx, user, request.code, 'reset_password', now);
    if (!spent.ok) return spent.error;
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
  if (error) throw new BadRequestError(error);
}

const RESET_NEEDS_AUTHENTICATOR = 'Enter the current code from your authenticator app.';

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
