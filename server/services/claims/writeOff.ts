/**
 * AddEditClaim/saveWriteOffByID on one claim: part or all of its balance written off, in one
 * transaction that locks the claim, refuses (400, nothing written) a void claim, an amount above
 * the balance, a posting date in the future or in a month closed at month-end, and otherwise
 * posts the write-off line by line (writeOffPosting.ts) with the DNA event and the audit row.
 */
import {
  writeOffReason,
  type SingleWriteOffInput,
  type WriteOffReason,
  type WriteOffReply,
} from '../../../contract/writeOff.ts';
import type { Db } from '../../db/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { planWriteOff } from './writeOffPlan.ts';
import { LEDGER_DISAGREES, postWriteOffs } from './writeOffPosting.ts';
import { isLocked, lockClaimBooks, lockedPractices, monthName } from '../ledger/claimBooks.ts';

/** The UTC day of an instant: the server's today, as the scrubber and the claims list use it. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function reasonOrRefuse(reasonID: number): WriteOffReason {
  const reason = writeOffReason(reasonID);
  if (!reason) throw new BadRequestError('Choose a write-off reason from the list.');
  return reason;
}

/** The farthest any time zone runs ahead of UTC (UTC+14). */
const AHEAD_OF_UTC_MS = 14 * 3_600_000;

/**
 * The posting date asked for (the server's today when none), refused when it lies in the future.
 * The console sends the biller's own calendar day, which east of UTC can be tomorrow in UTC: a
 * day is in the future only once it has begun nowhere yet.
 */
export function postingDateOrRefuse(asked: string | undefined, now: Date): string {
  const postingDate = asked ?? todayOf(now);
  if (postingDate > todayOf(new Date(now.getTime() + AHEAD_OF_UTC_MS)))
    throw new BadRequestError(
      `The posting date ${postingDate} is in the future: post the write-off with today's date or an earlier one.`,
    );
  return postingDate;
}

export function monthLockedReason(postingDate: string): string {
  return `${monthName(postingDate)} is locked at month-end for this practice: post the write-off in an open month.`;
}

export async function saveWriteOff(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: SingleWriteOffInput,
  now: Date,
): Promise<WriteOffReply> {
  const reason = reasonOrRefuse(input.reasonID);
  const postingDate = postingDateOrRefuse(input.postingDate, now);
  return db.transaction(async (tx) => {
    const books = (await lockClaimBooks(tx, [input.claimID], scope.practiceIds)).get(input.claimID);
    if (!books) throw new NotFoundError();
    const { claim } = books;
    const plan = planWriteOff(claim, books.lines, input.amountCents ?? null);
    if (!plan.ok) throw new BadRequestError(`Claim ${claim.claimId}: ${plan.reason}`);
    if (!books.agrees) throw new ConflictError(`Claim ${claim.claimId}: ${LEDGER_DISAGREES}`);
    if (isLocked(await lockedPractices(tx, [claim], postingDate), claim))
      throw new BadRequestError(`Claim ${claim.claimId}: ${monthLockedReason(postingDate)}`);

    const [posted] = await postWriteOffs(tx, [{ claim, amountCents: plan.amountCents, parts: plan.parts }], {
      userId: actor.userId,
      source: actor.source,
      reason,
      postingDate,
      note: input.note ?? null,
      now,
      jobId: null,
    });
    if (!posted) throw new Error('The write-off was not posted.');
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claims.writeOff',
      recordType: 'claim',
      recordId: claim.claimId,
      source: actor.source,
      ip: actor.ip,
      detail: { amountCents: plan.amountCents, reasonID: reason.reasonID, postingDate, ledgerIDs: posted.ledgerIds },
    });
    return { message: 'Write-off posted.', ledgerIDs: posted.ledgerIds, claimBalance: posted.balanceAfterCents };
  });
}
