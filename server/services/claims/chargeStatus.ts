/**
 * Claims/changeChargeStatus and getChargeStatusHistory. A line is active, on hold or void; void
 * is final (SPEC point 4) and takes the line off the claim in the ledger, so it is refused while
 * payments or adjustments stand on the line. One transaction: the line, its ledger reversal, the
 * claim's total, balance and scrub status, the history row, the DNA event and the audit row.
 */
import {
  CHARGE_STATUS_LABELS,
  CHARGE_STATUS_UPDATED,
  VOID_CHARGE_LOCKED,
  type ChangeChargeStatusReply,
  type ChargeStatus,
  type ChargeStatusHistoryReply,
} from '../../../contract/chargeStatus.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestWithErrors } from '../../errorList.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { dateOf } from '../scrub/days.ts';
import {
  claimLines,
  linesLockedBy,
  linesWithPostings,
  lockClaimOfCharge,
  lockedMonth,
  recordStatusChange,
  settleClaimAfterLinesOff,
  takeLineOff,
} from './chargeStatusWrites.ts';
import { needsScrubAgain } from './claimEditing.ts';

/** The detail of a 'charge status changed' DNA event. */
export interface ChargeStatusChangedDetail {
  chargeID: number;
  lineNumber: number;
  from: string;
  to: ChargeStatus;
  /** Cents the void took off the claim in the ledger. */
  reversedCents?: number;
}

export async function changeChargeStatus(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: { chargeID: number; status: ChargeStatus },
  now: Date,
): Promise<ChangeChargeStatusReply> {
  return db.transaction(async (tx) => {
    const claim = await lockClaimOfCharge(tx, input.chargeID, scope);
    if (!claim) throw new NotFoundError();
    const [line] = await claimLines(tx, claim.claimID, [input.chargeID]);
    if (!line) throw new NotFoundError();
    if (line.status === 'void') throw new BadRequestWithErrors(VOID_CHARGE_LOCKED, [VOID_CHARGE_LOCKED]);
    const locked = linesLockedBy(claim);
    if (locked !== null) throw new BadRequestError(locked);
    if (line.status === input.status)
      throw new BadRequestError(
        `Line ${line.lineNumber} is already ${CHARGE_STATUS_LABELS[input.status].toLowerCase()}.`,
      );

    const detail: ChargeStatusChangedDetail = {
      chargeID: line.chargeID,
      lineNumber: line.lineNumber,
      from: line.status,
      to: input.status,
    };
    if (input.status === 'void') {
      if ((await linesWithPostings(tx, [line.chargeID])).size > 0)
        throw new BadRequestError(`Reverse the postings on line ${line.lineNumber} before voiding it.`);
      const postingDate = dateOf(now);
      const month = await lockedMonth(tx, claim.practiceID, postingDate);
      if (month !== null)
        throw new BadRequestError(`Line ${line.lineNumber} cannot be voided today: ${month} is locked for month-end.`);
      detail.reversedCents = await takeLineOff(
        tx,
        actor,
        line,
        'void',
        postingDate,
        `Line ${line.lineNumber} voided`,
        now,
      );
      await settleClaimAfterLinesOff(tx, claim.claimID, line.balanceCents, now);
    } else {
      await tx.query('UPDATE charges SET charge_status = $2 WHERE charge_id = $1', [line.chargeID, input.status]);
      await recordStatusChange(tx, actor, line.chargeID, line.status, input.status, now);
      // What is billed may follow a hold, so the stored scrub result no longer speaks for the claim.
      await needsScrubAgain(tx, claim.claimID, now);
    }
    await tx.query(
      `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
       VALUES ($1, $2, 'charge status changed', $3, $4::jsonb, $5)`,
      [claim.claimID, actor.userId, actor.source, JSON.stringify(detail), now],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'charges.status',
      recordType: 'charge',
      recordId: line.chargeID,
      source: actor.source,
      ip: actor.ip,
      detail: { claimID: claim.claimID, from: line.status, to: input.status },
    });
    return { message: CHARGE_STATUS_UPDATED };
  });
}

/** Claims/getChargeStatusHistory: a line's status changes, oldest first; a deleted line is not found. */
export async function getChargeStatusHistory(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  chargeID: number,
): Promise<ChargeStatusHistoryReply> {
  const [found] = await q.query(
    `SELECT 1 FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
      WHERE ch.charge_id = $1 AND ch.charge_status <> 'deleted' AND c.practice_id = ANY($2::bigint[])`,
    [chargeID, scope.practiceIds],
  );
  if (!found) throw new NotFoundError();
  const rows = await q.query<ChargeStatusHistoryReply['rows'][number]>(
    `SELECT h.from_status AS "fromStatus", h.to_status AS "toStatus",
            nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "changedBy",
            to_char(h.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "changedAt"
       FROM charge_status_history h
       LEFT JOIN users u ON u.user_id = h.changed_by
      WHERE h.charge_id = $1
      ORDER BY h.changed_at, h.charge_status_history_id`,
    [chargeID],
  );
  await writeAudit(q, {
    userId: actor.userId,
    action: 'charges.statusHistory',
    recordType: 'charge',
    recordId: chargeID,
    source: actor.source,
    ip: actor.ip,
  });
  return { chargeID, rows };
}
