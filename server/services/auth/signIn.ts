import type { SignInReply, SignInRequest } from '../../../contract/auth.ts';
import { LOGIN_ERROR } from '../../../contract/messages.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { BadRequestError } from '../../errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { CHALLENGE_MINUTES, addMinutes } from './policy.ts';
import { emailKey, giveBackTry, isLastTry, takeTry } from './throttle.ts';
import { findUserByEmail, isLocked } from './userRecord.ts';

let dummyHash: Promise<string> | undefined;

/** An unknown e-mail costs the same time as a wrong password, so timing tells nothing. */
async function spendPasswordTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
}

/** The answer to a wrong password (or an unknown e-mail): the fifth in the window says the limit is reached. */
function wrongPassword(tryNumber: number): BadRequestError {
  return new BadRequestError(isLastTry('password', tryNumber) ? LOGIN_ERROR.maximumLimits : LOGIN_ERROR.notMatch);
}

/**
 * Step one of sign-in: the password. On success the caller gets a short-lived challenge that the
 * second factor must present; no session exists yet. Wrong passwords count per e-mail and client
 * address (a try is taken before the slow hash, so parallel tries cannot pass five), the same for
 * an e-mail no account has: the answers and their time do not tell the two apart, and a
 * stranger's tries from elsewhere do not lock the real user out. Whatever else is said (locked,
 * deactivated, password expired) is said only after the correct password.
 */
export async function startSignIn(deps: AuthDeps, request: SignInRequest, meta: RequestMeta): Promise<SignInReply> {
  const now = deps.now();
  const key = { kind: 'password' as const, subject: emailKey(request.email), address: meta.ip };
  const tryNumber = await takeTry(deps.db, key, now);
  if (tryNumber === null) {
    await writeAudit(deps.db, {
      userId: null,
      action: 'sign_in.refused',
      ip: meta.ip,
      detail: { reason: 'too many tries' },
    });
    throw new BadRequestError(LOGIN_ERROR.maximumLimits);
  }
  const user = await findUserByEmail(deps.db, request.email);
  if (!user) {
    await spendPasswordTime(request.password);
    await writeAudit(deps.db, {
      userId: null,
      action: 'sign_in.failed',
      ip: meta.ip,
      detail: { reason: 'unknown e-mail', attempts: tryNumber },
    });
    throw wrongPassword(tryNumber);
  }
  if (!(await verifyPassword(user.password_hash, request.password))) {
    await writeAudit(deps.db, {
      userId: user.user_id,
      action: 'sign_in.failed',
      recordType: 'user',
      recordId: user.user_id,
      ip: meta.ip,
      detail: { reason: 'wrong password', attempts: tryNumber },
    });
    throw wrongPassword(tryNumber);
  }
  await giveBackTry(deps.db, key);
  if (isLocked(user, now)) {
    await writeAudit(deps.db, {
      userId: user.user_id,
      action: 'sign_in.refused',
      recordType: 'user',
      recordId: user.user_id,
      ip: meta.ip,
      detail: { reason: 'locked' },
    });
    throw new BadRequestError(LOGIN_ERROR.maximumLimits);
  }
  if (!user.active) {
    await writeAudit(deps.db, {
      userId: user.user_id,
      action: 'sign_in.refused',
      recordType: 'user',
      recordId: user.user_id,
      ip: meta.ip,
      detail: { reason: 'deactivated' },
    });
    throw new BadRequestError(LOGIN_ERROR.deactivated);
  }
  if (user.password_expires_at !== null && user.password_expires_at.getTime() <= now.getTime()) {
    await writeAudit(deps.db, {
      userId: user.user_id,
      action: 'sign_in.refused',
      recordType: 'user',
      recordId: user.user_id,
      ip: meta.ip,
      detail: { reason: 'password expired' },
    });
    throw new BadRequestError(LOGIN_ERROR.passwordExpired);
  }
  const challenge = newToken();
  await deps.db.query('INSERT INTO login_challenges (challenge_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    hashToken(challenge),
    user.user_id,
    addMinutes(now, CHALLENGE_MINUTES),
  ]);
  return {
    message: LOGIN_ERROR.twoFactorNeeded,
    email: user.email,
    challenge,
    methods: user.totp_secret ? ['totp', 'email'] : ['email'],
  };
}
