/**
 * AddEditClaim/voidEncounterClaim: the visit should never have been billed. Every line comes off
 * the claim in the ledger on the posting date the biller gives, and the claim is void. Refused
 * while money stands on a line, once the claim is with the payer (unless the payer rejected or
 * denied it), and in a month closed for month-end. One transaction.
 */
import { CLAIM_STATUS, CLAIM_STATUS_NAMES } from '../../../contract/claimStatus.ts';
import type { VoidEncounterReply } from '../../../contract/claimStatusChange.ts';
import type { Db } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import {
  claimLines,
  linesWithPostings,
  lockClaim,
  lockedMonth,
  settleClaimAfterLinesOff,
  takeLineOff,
} from './chargeStatusWrites.ts';

const ANSWERED_WITHOUT_PAYMENT = new Set<number>([CLAIM_STATUS.rejected, CLAIM_STATUS.denied]);

export async function voidEncounter(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: { claimID: number; postingDate: string },
  now: Date,
): Promise<VoidEncounterReply> {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, input.claimID, scope);
    if (!claim) throw new NotFoundError();
    const status = CLAIM_STATUS_NAMES[claim.claimStatusID] ?? String(claim.claimStatusID);
    if (claim.claimStatusID === CLAIM_STATUS.void) throw new BadRequestError(`Claim ${claim.claimID} is already void.`);
    if (claim.everSubmitted && !ANSWERED_WITHOUT_PAYMENT.has(claim.claimStatusID)) {
      throw new BadRequestError(
        `Claim ${claim.claimID} has been submitted and is ${status}: an encounter is voided before it is sent, or after the payer rejected or denied it.`,
      );
    }
    const lines = (await claimLines(tx, claim.claimID)).filter((line) => line.status !== 'void');
    const posted = await linesWithPostings(
      tx,
      lines.map((line) => line.chargeID),
    );
    const postedLine = lines.find((line) => posted.has(line.chargeID));
    if (postedLine)
      throw new BadRequestError(
        `Claim ${claim.claimID}: line ${postedLine.lineNumber} has payments or adjustments posted. Reverse the payments first.`,
      );
    const month = await lockedMonth(tx, claim.practiceID, input.postingDate);
    if (month !== null) {
      throw new BadRequestError(
        `Claim ${claim.claimID} cannot be voided on ${input.postingDate}: ${month} is locked for month-end; choose a posting date in an open month.`,
      );
    }

    const voided: { chargeID: number; lineNumber: number; reversedCents: number }[] = [];
    for (const line of lines) {
      const reversedCents = await takeLineOff(tx, actor, line, 'void', input.postingDate, 'Encounter voided', now);
      voided.push({ chargeID: line.chargeID, lineNumber: line.lineNumber, reversedCents });
    }
    await settleClaimAfterLinesOff(
      tx,
      claim.claimID,
      lines.reduce((sum, line) => sum + line.balanceCents, 0),
      now,
    );
    await tx.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [claim.claimID, CLAIM_STATUS.void]);
    await tx.query(
      `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
       VALUES ($1, $2, 'encounter voided', $3, $4::jsonb, $5)`,
      [
        claim.claimID,
        actor.userId,
        actor.source,
        JSON.stringify({ postingDate: input.postingDate, fromID: claim.claimStatusID, from: status, lines: voided }),
        now,
      ],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claims.voidEncounter',
      recordType: 'claim',
      recordId: claim.claimID,
      source: actor.source,
      ip: actor.ip,
      detail: { postingDate: input.postingDate, lines: voided.length },
    });
    return { message: 'Encounter voided.', claimID: claim.claimID, voidedLines: voided.length };
  });
}
