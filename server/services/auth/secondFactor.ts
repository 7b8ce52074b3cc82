import type { SessionUser, ValidatePasscodeQuery } from '../../../contract/auth.ts';
import { LOGIN_ERROR, type LoginError } from '../../../contract/messages.ts';
import { hashCode, hashToken, newSixDigitCode } from '../../auth/tokens.ts';
import { matchTotp } from '../../auth/totp.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { recordFailedAttempt } from './failedAttempts.ts';
import { EMAIL_CODE_MINUTES, addMinutes } from './policy.ts';
import { openSession } from './sessions.ts';
import { findUserByEmail, isLocked, type UserRecord } from './userRecord.ts';

interface ChallengeRow {
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
}

async function findChallenge(q: Queryable, challenge: string, userId: number): Promise<ChallengeRow | undefined> {
  const [row] = await q.query<ChallengeRow>(
    'SELECT user_id, expires_at, used_at FROM login_challenges WHERE challenge_hash = $1 AND user_id = $2',
    [hashToken(challenge), userId],
  );
  return row;
}

/** Checks the challenge from the password step; throws the inline message when it is no good. */
async function requireLiveChallenge(deps: AuthDeps, email: string, challenge: string): Promise<UserRecord> {
  const now = deps.now();
  const user = await findUserByEmail(deps.db, email);
  const row = user ? await findChallenge(deps.db, challenge, user.user_id) : undefined;
  if (!user || !row) throw new BadRequestError(LOGIN_ERROR.notMatch);
  if (isLocked(user, now)) throw new BadRequestError(LOGIN_ERROR.maximumLimits);
  if (!user.active) throw new BadRequestError(LOGIN_ERROR.deactivated);
  if (row.used_at !== null || row.expires_at.getTime() <= now.getTime())
    throw new BadRequestError(LOGIN_ERROR.timeExpire);
  return user;
}

/** E-mails a one-time 6-digit code for the second factor of a sign-in in progress. */
export async function sendSignInCode(deps: AuthDeps, email: string, challenge: string): Promise<void> {
  const user = await requireLiveChallenge(deps, email, challenge);
  await issueEmailCode(deps, user, 'sign_in');
}

export async function issueEmailCode(
  deps: AuthDeps,
  user: UserRecord,
  purpose: 'sign_in' | 'reset_password',
): Promise<void> {
  const now = deps.now();
  const code = newSixDigitCode();
  await deps.db.query(
    'INSERT INTO passcodes (user_id, purpose, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
    [user.user_id, purpose, hashCode(user.user_id, code), addMinutes(now, EMAIL_CODE_MINUTES), now],
  );
  const what = purpose === 'sign_in' ? 'sign-in' : 'password reset';
  await deps.mailer.send({
    to: user.email,
    subject: `Your ${what} code`,
    text: `Your ${what} code is ${code}. It works once and expires in ${EMAIL_CODE_MINUTES} minutes.`,
  });
}

export type CodeCheck = { ok: true } | { ok: false; error: LoginError };

/** Spends a TOTP code's time step; a step at or before the last one used is refused. */
export async function consumeTotp(q: Queryable, user: UserRecord, code: string, now: Date): Promise<boolean> {
  if (!user.totp_secret) return false;
  const step = matchTotp(user.totp_secret, code, now.getTime());
  if (step === null) return false;
  const spent = await q.query(
    'UPDATE users SET totp_last_step = $2 WHERE user_id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING user_id',
    [user.user_id, step],
  );
  return spent.length > 0;
}

/** Spends an e-mailed code. Conditional updates make two racing requests unable to both pass. */
export async function consumeEmailCode(
  q: Queryable,
  user: UserRecord,
  code: string,
  purpose: 'sign_in' | 'reset_password',
  now: Date,
): Promise<CodeCheck> {
  const [passcode] = await q.query<{ passcode_id: number; expires_at: Date }>(
    `SELECT passcode_id, expires_at FROM passcodes
      WHERE user_id = $1 AND purpose = $2 AND code_hash = $3 AND used_at IS NULL
      ORDER BY created_at DESC LIMIT 1`,
    [user.user_id, purpose, hashCode(user.user_id, code)],
  );
  if (!passcode) return { ok: false, error: LOGIN_ERROR.notMatch };
  if (passcode.expires_at.getTime() <= now.getTime()) return { ok: false, error: LOGIN_ERROR.timeExpire };
  const spent = await q.query(
    'UPDATE passcodes SET used_at = $2 WHERE passcode_id = $1 AND used_at IS NULL RETURNING passcode_id',
    [passcode.passcode_id, now],
  );
  return spent.length > 0 ? { ok: true } : { ok: false, error: LOGIN_ERROR.notMatch };
}

/** Step two of sign-in: the TOTP or e-mailed code; on success the session is opened. */
export async function completeSignIn(
  deps: AuthDeps,
  query: ValidatePasscodeQuery,
  meta: RequestMeta,
): Promise<SessionUser> {
  const user = await requireLiveChallenge(deps, query.email, query.challenge);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const check: CodeCheck = (await consumeTotp(tx, user, query.passcode, now))
      ? { ok: true }
      : await consumeEmailCode(tx, user, query.passcode, 'sign_in', now);
    if (!check.ok) return check;
    const claimed = await tx.query(
      'UPDATE login_challenges SET used_at = $2 WHERE challenge_hash = $1 AND used_at IS NULL RETURNING user_id',
      [hashToken(query.challenge), now],
    );
    if (claimed.length === 0) return { ok: false as const, error: LOGIN_ERROR.timeExpire };
    return { ok: true as const, session: await openSession(tx, user, deps.session, now, meta) };
  });
  if (outcome.ok && 'session' in outcome) return outcome.session;
  if (!outcome.ok && outcome.error === LOGIN_ERROR.notMatch) {
    throw new BadRequestError(await recordFailedAttempt(deps.db, user.user_id, now, 'wrong second factor', meta.ip));
  }
  throw new BadRequestError(outcome.ok ? LOGIN_ERROR.notMatch : outcome.error);
}
