import { LOGIN_ERROR, type LoginError } from '../../../contract/messages.ts';
import type { Db } from '../../db/types.ts';
import { writeAudit } from '../audit/audit.ts';
import { LOCK_MINUTES, MAX_FAILED_ATTEMPTS, addMinutes } from './policy.ts';

/**
 * Counts a failed password or code in its own transaction (the failing request commits nothing
 * else) and locks the account at the limit. The lock lives in the database, so a restart keeps it.
 * Returns the message the user sees.
 */
export async function recordFailedAttempt(
  db: Db,
  userId: number,
  now: Date,
  reason: string,
  ip: string,
): Promise<LoginError> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ failed_attempts: number; locked_until: Date | null }>(
      'SELECT failed_attempts, locked_until FROM users WHERE user_id = $1 FOR UPDATE',
      [userId],
    );
    if (!row) return LOGIN_ERROR.notMatch;
    const lockOver = row.locked_until !== null && row.locked_until.getTime() <= now.getTime();
    const attempts = (lockOver ? 0 : row.failed_attempts) + 1;
    const lockedUntil =
      attempts >= MAX_FAILED_ATTEMPTS ? addMinutes(now, LOCK_MINUTES) : lockOver ? null : row.locked_until;
    await tx.query('UPDATE users SET failed_attempts = $2, locked_until = $3 WHERE user_id = $1', [
      userId,
      attempts,
      lockedUntil,
    ]);
    await writeAudit(tx, {
      userId,
      action: 'sign_in.failed',
      recordType: 'user',
      recordId: userId,
      ip,
      detail: { reason, attempts, locked: lockedUntil !== null },
    });
    return lockedUntil !== null ? LOGIN_ERROR.maximumLimits : LOGIN_ERROR.notMatch;
  });
}
