/**
 * A signed-in user enrols a new authenticator app (a new phone, a lost one): their password
 * first, then a code from the new app. Until the code matches, the old app keeps working.
 */
import type { AuthenticatorEnrolment } from '../../../contract/staff.ts';
import { AUTHENTICATOR_CODE_WRONG, AUTHENTICATOR_ENROLLED } from '../../../contract/staff.ts';
import { verifyPassword } from '../../auth/password.ts';
import { BadRequestError } from '../../errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { findUserById } from '../auth/userRecord.ts';
import type { Actor } from '../context.ts';
import { adoptPendingAuthenticator, pendingAuthenticator } from './invitation.ts';

export async function startAuthenticatorEnrolment(
  deps: AuthDeps,
  actor: Actor,
  password: string,
): Promise<AuthenticatorEnrolment> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user || !(await verifyPassword(user.password_hash, password)))
    throw new BadRequestError('The password is not correct.');
  return pendingAuthenticator(deps.db, deps, user);
}

export async function confirmAuthenticatorEnrolment(
  deps: AuthDeps,
  actor: Actor,
  code: string,
): Promise<{ message: string }> {
  const now = deps.now();
  const adopted = await deps.db.transaction(async (tx) => {
    const [user] = await tx.query<{ totp_pending_secret: string | null; totp_secret: string | null }>(
      'SELECT totp_pending_secret, totp_secret FROM users WHERE user_id = $1 FOR UPDATE',
      [actor.userId],
    );
    if (!user?.totp_pending_secret) throw new BadRequestError('Start the enrolment with your password first.');
    if (!(await adoptPendingAuthenticator(tx, deps, actor.userId, user.totp_pending_secret, code, now))) return false;
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'authenticator.enrolled',
      recordType: 'user',
      recordId: actor.userId,
      ip: actor.ip,
      source: actor.source,
      detail: { before: { enrolled: user.totp_secret !== null }, after: { enrolled: true } },
    });
    return true;
  });
  if (!adopted) throw new BadRequestError(AUTHENTICATOR_CODE_WRONG);
  return { message: AUTHENTICATOR_ENROLLED };
}
