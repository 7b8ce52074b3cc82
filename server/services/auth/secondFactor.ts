import type { SessionUser, ValidatePasscodeQuery } from '../../../contract/auth.ts';
import { LOGIN_ERROR, type LoginError } from '../../../contract/messages.ts';
import { hashCode, hashToken, newSixDigitCode } from '../../auth/tokens.ts';
import { matchTotp } from '../../auth/totp.ts';
import type { SecretBox } from '../../auth/secretBox.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { secondFactorFailed, secondFactorPassed, takeSecondFactorTry } from './failedAttempts.ts';
import { EMAIL_CODE_MINUTES, MAX_CODE_TRIES, addMinutes } from './policy.ts';
import { openSession } from './sessions.ts';
import { clearTries, emailKey } from './throttle.ts';
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

/**
 * Mails a new code of `purpose` (the older open ones are spent). The mail is awaited unless
 * `waitForMail` is false: then `mailed` settles after the caller has answered.
 */
export async function issueEmailCode(
  deps: AuthDeps,
  user: UserRecord,
  purpose: 'sign_in' | 'reset_password',
  options: { waitForMail?: boolean } = {},
): Promise<{ mailed: Promise<void> }> {
  const now = deps.now();
  const code = newSixDigitCode();
  // Only the newest code of a purpose is good: the ones mailed before it are spent, under the
  // user's row lock so two requests at once cannot both leave theirs open.
  await deps.db.transaction(async (tx) => {
    await tx.query('SELECT user_id FROM users WHERE user_id = $1 FOR UPDATE', [user.user_id]);
    await tx.query('UPDATE passcodes SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
      user.user_id,
      purpose,
      now,
    ]);
    await tx.query(
      'INSERT INTO passcodes (user_id, purpose, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
      [user.user_id, purpose, hashCode(user.user_id, code), addMinutes(now, EMAIL_CODE_MINUTES), now],
    );
  });
  const what = purpose === 'sign_in' ? 'sign-in' : 'password reset';
  const mailed = deps.mailer.send({
    to: user.email,
    subject: `Your ${what} code`,
    text: `Your ${what} code is ${code}. It works once and expires in ${EMAIL_CODE_MINUTES} minutes.`,
  });
  if (options.waitForMail !== false) await mailed;
  return { mailed };
}

export type CodeCheck = { ok: true } | { ok: false; error: LoginError };

/** Spends a TOTP code's time step; a step at or before the last one used is refused. */
export async function consumeTotp(
  q: Queryable,
  box: SecretBox,
  user: UserRecord,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!user.totp_secret) return false;
  const step = matchTotp(box.open(user.totp_secret), code, now.getTime());
  if (step === null) return false;
  const spent = await q.query(
    'UPDATE users SET totp_last_step = $2 WHERE user_id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING user_id',
    [user.user_id, step],
  );
  return spent.length > 0;
}

type OpenCode = { ok: true; passcodeID: number } | { ok: false; error: LoginError };

/** Finds the open code the user typed; a wrong one wears out the newest open code. */
async function findOpenCode(
  q: Queryable,
  user: UserRecord,
  code: string,
  purpose: 'sign_in' | 'reset_password',
  now: Date,
): Promise<OpenCode> {
  // The newest open code only, whatever was mailed before it.
  const [passcode] = await q.query<{ passcode_id: number; expires_at: Date }>(
    `SELECT passcode_id, expires_at FROM (
       SELECT passcode_id, expires_at, code_hash FROM passcodes
        WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL
        ORDER BY created_at DESC, passcode_id DESC LIMIT 1) newest
      WHERE code_hash = $3`,
    [user.user_id, purpose, hashCode(user.user_id, code)],
  );
  if (!passcode) {
    // A wrong code wears out the open one: at the limit it is spent (ask for a new one), the account not locked.
    await q.query(
      `UPDATE passcodes SET failed_tries = failed_tries + 1,
              used_at = CASE WHEN failed_tries + 1 >= $3 THEN $4::timestamptz ELSE used_at END
        WHERE passcode_id = (SELECT passcode_id FROM passcodes WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL
                              ORDER BY created_at DESC, passcode_id DESC LIMIT 1)`,
      [user.user_id, purpose, MAX_CODE_TRIES, now],
    );
    return { ok: false, error: LOGIN_ERROR.notMatch };
  }
  if (passcode.expires_at.getTime() <= now.getTime()) return { ok: false, error: LOGIN_ERROR.timeExpire };
  return { ok: true, passcodeID: passcode.passcode_id };
}

/** Checks an e-mailed reset code without spending it (the authenticator is asked next). */
export async function openResetCode(q: Queryable, user: UserRecord, code: string, now: Date): Promise<CodeCheck> {
  const found = await findOpenCode(q, user, code, 'reset_password', now);
  return found.ok ? { ok: true } : found;
}

/** Spends an e-mailed code. Conditional updates make two racing requests unable to both pass. */
export async function consumeEmailCode(
  q: Queryable,
  user: UserRecord,
  code: string,
  purpose: 'sign_in' | 'reset_password',
  now: Date,
): Promise<CodeCheck> {
  const found = await findOpenCode(q, user, code, purpose, now);
  if (!found.ok) return found;
  const spent = await q.query(
    'UPDATE passcodes SET used_at = $2 WHERE passcode_id = $1 AND used_at IS NULL RETURNING passcode_id',
    [found.passcodeID, now],
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
  const tryNumber = await takeSecondFactorTry(deps.db, user.user_id, now);
  if (tryNumber === null) throw new BadRequestError(LOGIN_ERROR.maximumLimits);
  const outcome = await deps.db.transaction(async (tx) => {
    const check: CodeCheck = (await consumeTotp(tx, deps.totpBox, user, query.passcode, now))
      ? { ok: true }
      : await consumeEmailCode(tx, user, query.passcode, 'sign_in', now);
    if (!check.ok) return check;
    const claimed = await tx.query(
      'UPDATE login_challenges SET used_at = $2 WHERE challenge_hash = $1 AND used_at IS NULL RETURNING user_id',
      [hashToken(query.challenge), now],
    );
    if (claimed.length === 0) return { ok: false as const, error: LOGIN_ERROR.timeExpire };
    await secondFactorPassed(tx, user.user_id);
    await clearTries(tx, { kind: 'password', subject: emailKey(query.email), address: meta.ip });
    return { ok: true as const, session: await openSession(tx, user, deps.session, now, meta) };
  });
  if (outcome.ok && 'session' in outcome) return outcome.session;
  const error = outcome.ok ? LOGIN_ERROR.notMatch : outcome.error;
  const said = await secondFactorFailed(deps.db, user.user_id, tryNumber, now, 'wrong second factor', meta.ip);
  throw new BadRequestError(said === LOGIN_ERROR.maximumLimits ? said : error);
}
