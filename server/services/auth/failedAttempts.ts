/**
 * The account lock: only second factors (the authenticator or an e-mailed code) that fail after a
 * correct password count towards it, so a stranger without the password cannot lock anyone out
 * (docs/decisions/sign-in-throttling.md). A try is taken before the code is checked, in one
 * statement, so parallel codes cannot pass the limit; the fifth locks the account for 30 minutes
 * at once, and a code that passes clears the count. The lock lives in the database, so a restart
 * keeps it, and it spends every e-mailed code of the account that is still open.
 */
import { LOGIN_ERROR, type LoginError } from '../../../contract/messages.ts';
import type { Queryable } from '../../db/types.ts';
import { writeAudit } from '../audit/audit.ts';
import { LOCK_MINUTES, MAX_FAILED_ATTEMPTS, addMinutes } from './policy.ts';

const TAKE_SECOND_FACTOR_TRY = `
  UPDATE users
     SET failed_attempts = CASE WHEN locked_until IS NOT NULL THEN 1 ELSE failed_attempts + 1 END,
         locked_until = CASE WHEN (CASE WHEN locked_until IS NOT NULL THEN 1 ELSE failed_attempts + 1 END) >= $3
                             THEN $4::timestamptz ELSE NULL END
   WHERE user_id = $1 AND (locked_until IS NULL OR locked_until <= $2)
  RETURNING failed_attempts`;

/** Takes a second-factor try: its number since the last success, or null while the account is locked. */
export async function takeSecondFactorTry(q: Queryable, userId: number, now: Date): Promise<number | null> {
  const [row] = await q.query<{ failed_attempts: number }>(TAKE_SECOND_FACTOR_TRY, [
    userId,
    now,
    MAX_FAILED_ATTEMPTS,
    addMinutes(now, LOCK_MINUTES),
  ]);
  return row ? row.failed_attempts : null;
}

/** A second factor passed: the count starts again and the account is not locked. */
export async function secondFactorPassed(q: Queryable, userId: number): Promise<void> {
  await q.query('UPDATE users SET failed_attempts = 0, locked_until = NULL WHERE user_id = $1', [userId]);
}

/**
 * Records a second factor that failed on try `tryNumber`; at the limit the account is locked
 * (already, by the try) and its open e-mailed codes die with the lock. Returns the message.
 */
export async function secondFactorFailed(
  q: Queryable,
  userId: number,
  tryNumber: number,
  now: Date,
  reason: string,
  ip: string,
): Promise<LoginError> {
  const locked = tryNumber >= MAX_FAILED_ATTEMPTS;
  if (locked) await q.query('UPDATE passcodes SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
  await writeAudit(q, {
    userId,
    action: 'sign_in.failed',
    recordType: 'user',
    recordId: userId,
    ip,
    detail: { reason, attempts: tryNumber, locked },
  });
  return locked ? LOGIN_ERROR.maximumLimits : LOGIN_ERROR.notMatch;
}
