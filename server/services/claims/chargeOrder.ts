/**
 * Claims/updateChargesSortOrder: renumbers a claim's lines 1..n in the order the biller sent. In
 * one transaction: the line numbers, the claim back to "not scrubbed" (its 837 line order and
 * the diagnosis-pointer findings follow line order), the DNA event and the audit row.
 */
import { CHARGES_REORDERED, type UpdateChargesSortOrderReply } from '../../../contract/chargeOrder.ts';
import type { Db } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { lockEditableClaim, needsScrubAgain, recordClaimEvent } from './claimEditing.ts';

const lineList = (ids: readonly number[]) => (ids.length === 1 ? `line ${ids[0]}` : `lines ${ids.join(', ')}`);

/** Why `asked` is not exactly the claim's lines, or null when it is. */
export function orderMismatch(claimID: number, current: readonly number[], asked: readonly number[]): string | null {
  const askedSet = new Set(asked);
  const currentSet = new Set(current);
  const missing = current.filter((chargeID) => !askedSet.has(chargeID));
  const extra = asked.filter((chargeID) => !currentSet.has(chargeID));
  if (missing.length === 0 && extra.length === 0) return null;
  const parts = [
    ...(missing.length > 0 ? [`missing charge ${lineList(missing)}`] : []),
    ...(extra.length > 0 ? [`charge ${lineList(extra)} ${extra.length === 1 ? 'is' : 'are'} not on it`] : []),
  ];
  return `The new order must list exactly the lines of claim ${claimID}: ${parts.join('; ')}.`;
}

export async function updateChargesSortOrder(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: { claimID: number; chargeIDs: readonly number[] },
  now: Date,
): Promise<UpdateChargesSortOrderReply> {
  return db.transaction(async (tx) => {
    const claim = await lockEditableClaim(tx, scope, input.claimID);
    const lines = await tx.query<{ chargeID: number }>(
      `SELECT charge_id AS "chargeID" FROM charges WHERE claim_id = $1 AND charge_status <> 'deleted' ORDER BY line_number, charge_id`,
      [claim.claimID],
    );
    const from = lines.map((line) => Number(line.chargeID));
    const to = input.chargeIDs.map(Number);
    const mismatch = orderMismatch(claim.claimID, from, to);
    if (mismatch !== null) throw new BadRequestError(mismatch);
    if (from.every((chargeID, index) => chargeID === to[index]))
      return { message: 'The lines are already in this order.', claimID: claim.claimID, chargeIDs: to };

    await tx.query(
      `UPDATE charges c SET line_number = o.n
         FROM unnest($2::bigint[]) WITH ORDINALITY AS o (charge_id, n)
        WHERE c.charge_id = o.charge_id AND c.claim_id = $1`,
      [claim.claimID, to],
    );
    await needsScrubAgain(tx, claim.claimID, now);
    await recordClaimEvent(tx, actor, claim.claimID, 'lines reordered', { from, to }, now);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'charges.reorder',
      recordType: 'claim',
      recordId: claim.claimID,
      source: actor.source,
      ip: actor.ip,
      detail: { from, to },
    });
    return { message: CHARGES_REORDERED, claimID: claim.claimID, chargeIDs: to };
  });
}
