/**
 * AddEditClaim/getPostingDateCheck: whether a posting may be dated so, asked while the biller types
 * the date, before posting. It gives the refusals the writers give, from the same checks: a day
 * after today (savePatientPayments, saveInsurancePayments), and a month closed by the month-end
 * lock for the claim's or the patient's practice (claimBooks' lockedPractices, postInAnOpenMonth).
 */
import type { PostingDateCheckQuery, PostingDateCheckReply } from '../../../contract/lookups.ts';
import type { Db } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { todayOf } from '../claims/writeOff.ts';
import { isLocked, lockedPractices, postInAnOpenMonth, type LockedClaim } from '../ledger/claimBooks.ts';

/** The writers' refusal of a posting dated after today, or null. */
export function futurePostingDate(postingDate: string, now: Date): string | null {
  return postingDate > todayOf(now) ? `The posting date ${postingDate} is in the future.` : null;
}

export async function postingDateCheck(
  db: Db,
  scope: DataScope,
  input: PostingDateCheckQuery,
  now: Date,
): Promise<PostingDateCheckReply> {
  const [owner] =
    input.claimID !== undefined
      ? await db.query<{ groupId: number; practiceId: number }>(
          `SELECT group_id AS "groupId", practice_id AS "practiceId" FROM claims
            WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])`,
          [input.claimID, scope.practiceIds],
        )
      : await db.query<{ groupId: number; practiceId: number }>(
          `SELECT group_id AS "groupId", practice_id AS "practiceId" FROM patients
            WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])`,
          [input.patientID ?? 0, scope.practiceIds],
        );
  if (!owner) throw new NotFoundError(input.claimID !== undefined ? 'Claim not found.' : 'Patient not found.');
  const [last] = await db.query<{ month: string | null }>(
    'SELECT max(month_start)::text AS month FROM month_end_locks WHERE group_id = $1 AND practice_id = $2',
    [owner.groupId, owner.practiceId],
  );
  const lockedThrough = last?.month ?? null;
  const future = futurePostingDate(input.postingDate, now);
  if (future) return { allowed: false, message: future, lockedThrough };
  const claim: LockedClaim = {
    claimId: input.claimID ?? 0,
    groupId: Number(owner.groupId),
    practiceId: Number(owner.practiceId),
    claimStatusId: 0,
    balanceCents: 0,
  };
  if (isLocked(await lockedPractices(db, [claim], input.postingDate), claim))
    return { allowed: false, message: postInAnOpenMonth(input.postingDate), lockedThrough };
  return { allowed: true, message: null, lockedThrough };
}
