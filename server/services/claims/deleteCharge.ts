/**
 * AddEditClaim/deleteChargeByID: takes a line off a claim that was never sent, as if it had not
 * been entered. The ledger is append-only and refers to the line, so the row stays, marked
 * 'deleted', with a reversal of its 'charge' row; every read leaves deleted lines out. A refusal
 * is a reply too (pkid 2, the reason in the message), as the client reads it (SPEC point 5).
 */
import { CHARGE_DELETED, type DeleteChargeReply } from '../../../contract/chargeStatus.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { dateOf } from '../scrub/days.ts';
import {
  claimLines,
  linesWithPostings,
  lockClaimOfCharge,
  lockedMonth,
  settleClaimAfterLinesOff,
  takeLineOff,
  type ClaimLine,
  type LockedClaim,
} from './chargeStatusWrites.ts';

/** Why the line cannot be deleted, or null when it can. */
async function refusalOf(
  q: Queryable,
  claim: LockedClaim,
  line: ClaimLine,
  postingDate: string,
): Promise<string | null> {
  if (claim.everSubmitted) return `claim ${claim.claimID} has been submitted; void the line instead.`;
  if (claim.claimStatusID === CLAIM_STATUS.void) return `claim ${claim.claimID} is void.`;
  if (claim.claimStatusID === CLAIM_STATUS.closed) return `claim ${claim.claimID} is closed.`;
  if (line.status === 'void') return `line ${line.lineNumber} is void.`;
  if ((await linesWithPostings(q, [line.chargeID])).size > 0)
    return `line ${line.lineNumber} has payments or adjustments posted; reverse them first.`;
  const month = await lockedMonth(q, claim.practiceID, postingDate);
  return month === null ? null : `${month} is locked for month-end.`;
}

export async function deleteCharge(
  db: Db,
  actor: Actor,
  scope: DataScope,
  chargeID: number,
  now: Date,
): Promise<DeleteChargeReply> {
  return db.transaction(async (tx) => {
    const claim = await lockClaimOfCharge(tx, chargeID, scope);
    if (!claim) throw new NotFoundError();
    const [line] = await claimLines(tx, claim.claimID, [chargeID]);
    if (!line) throw new NotFoundError();
    const postingDate = dateOf(now);
    const refusal = await refusalOf(tx, claim, line, postingDate);
    if (refusal !== null) return { message: `Charge cannot be deleted: ${refusal}`, pkid: 2 };

    const reversedCents = await takeLineOff(
      tx,
      actor,
      line,
      'deleted',
      postingDate,
      `Line ${line.lineNumber} deleted`,
      now,
    );
    await settleClaimAfterLinesOff(tx, claim.claimID, line.balanceCents, now);
    await tx.query(
      `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
       VALUES ($1, $2, 'charge deleted', $3, $4::jsonb, $5)`,
      [
        claim.claimID,
        actor.userId,
        actor.source,
        JSON.stringify({
          chargeID,
          lineNumber: line.lineNumber,
          cptCode: line.cptCode,
          chargeCents: line.chargeCents,
          reversedCents,
        }),
        now,
      ],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'charges.delete',
      recordType: 'charge',
      recordId: chargeID,
      source: actor.source,
      ip: actor.ip,
      detail: { claimID: claim.claimID },
    });
    return { message: CHARGE_DELETED, pkid: 1 };
  });
}
