/**
 * The database side of a write-off, shared by the single write-off and the bulk run: lock the
 * claims and their lines, check their balances agree with the ledger, find locked months, and
 * post planned write-offs (ledger rows, line and claim balances, status, DNA event) set-based,
 * inside the caller's transaction.
 */
import type { WriteOffReason, WrittenOffDetail } from '../../../contract/writeOff.ts';
import type { Queryable } from '../../db/types.ts';
import type { ActionSource } from '../context.ts';
import { statusAfterWriteOff, type LinePart } from './writeOffPlan.ts';
import type { LockedClaim } from '../ledger/claimBooks.ts';

export const LEDGER_DISAGREES =
  "The claim's balance does not agree with its ledger, so nothing was written off. Ask support to check the claim.";

export interface WriteOffPosting {
  claim: LockedClaim;
  amountCents: number;
  /** In line order. */
  parts: LinePart[];
}

export interface PostingContext {
  userId: number;
  source: ActionSource;
  reason: WriteOffReason;
  postingDate: string;
  note: string | null;
  now: Date;
  jobId: number | null;
}

export interface PostedWriteOff {
  claimId: number;
  ledgerIds: number[];
  balanceAfterCents: number;
}

/**
 * Writes the planned write-offs: one write_off ledger row per line part (negative: it lowers the
 * balance), the lines' and claims' balances lowered by the same cents, the claim closed when it
 * is settled and its status allows, and one 'written off' DNA event per claim.
 */
export async function postWriteOffs(
  q: Queryable,
  postings: readonly WriteOffPosting[],
  context: PostingContext,
): Promise<PostedWriteOff[]> {
  if (postings.length === 0) return [];
  const parts = postings.flatMap((posting) => posting.parts);
  const { reason } = context;
  const inserted = await q.query<{ ledgerId: number; chargeId: number }>(
    `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, adjustment_group_code, reason_code,
                                 write_off_reason_id, posting_date, note, created_by, created_at)
     SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, 'write_off', -d.cents, $3, $4, $5, $6::date, $7, $8, $9
       FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS d (charge_id, cents, position)
       JOIN charges ch ON ch.charge_id = d.charge_id
       JOIN claims c ON c.claim_id = ch.claim_id
      -- Inserted in line order, so the rows' ids read in the order of the lines.
      ORDER BY d.position
     RETURNING ledger_id AS "ledgerId", charge_id AS "chargeId"`,
    [
      parts.map((part) => part.chargeId),
      parts.map((part) => part.cents),
      reason.groupCode,
      reason.reasonCode,
      reason.reasonID,
      context.postingDate,
      context.note,
      context.userId,
      context.now,
    ],
  );
  if (inserted.length !== parts.length)
    throw new Error(`Write-off wrote ${inserted.length} ledger rows for ${parts.length} lines.`);
  const ledgerOf = new Map(inserted.map((row) => [row.chargeId, row.ledgerId]));
  const ledgerIdOf = (chargeId: number): number => {
    const ledgerId = ledgerOf.get(chargeId);
    if (ledgerId === undefined) throw new Error(`No write-off ledger row for charge ${chargeId}.`);
    return ledgerId;
  };
  await q.query(
    `UPDATE charges ch SET balance_cents = ch.balance_cents - d.cents
       FROM unnest($1::bigint[], $2::bigint[]) AS d (charge_id, cents)
      WHERE ch.charge_id = d.charge_id`,
    [parts.map((part) => part.chargeId), parts.map((part) => part.cents)],
  );

  const outcomes = postings.map((posting) => {
    const balanceAfterCents = posting.claim.balanceCents - posting.amountCents;
    return {
      posting,
      balanceAfterCents,
      statusAfter: statusAfterWriteOff(posting.claim.claimStatusId, balanceAfterCents),
      ledgerIds: posting.parts.map((part) => ledgerIdOf(part.chargeId)),
    };
  });
  const details = outcomes.map(({ posting, balanceAfterCents, statusAfter, ledgerIds }): WrittenOffDetail => ({
    amountCents: posting.amountCents,
    reasonID: reason.reasonID,
    reason: reason.name,
    groupCode: reason.groupCode,
    reasonCode: reason.reasonCode,
    postingDate: context.postingDate,
    ledgerIDs: ledgerIds,
    balanceAfterCents,
    ...(context.note === null ? {} : { note: context.note }),
    ...(statusAfter === posting.claim.claimStatusId
      ? {}
      : { claimStatus: { from: posting.claim.claimStatusId, to: statusAfter } }),
    ...(context.jobId === null ? {} : { jobID: context.jobId }),
  }));
  const claimIds = postings.map((posting) => posting.claim.claimId);
  await q.query(
    `UPDATE claims c SET balance_cents = c.balance_cents - d.cents, claim_status_id = d.status_id, updated_at = $4
       FROM unnest($1::bigint[], $2::bigint[], $3::smallint[]) AS d (claim_id, cents, status_id)
      WHERE c.claim_id = d.claim_id`,
    [
      claimIds,
      postings.map((posting) => posting.amountCents),
      outcomes.map((outcome) => outcome.statusAfter),
      context.now,
    ],
  );
  await q.query(
    `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
     SELECT d.claim_id, $3, 'written off', $4, d.detail::jsonb, $5 FROM unnest($1::bigint[], $2::text[]) AS d (claim_id, detail)`,
    [claimIds, details.map((detail) => JSON.stringify(detail)), context.userId, context.source, context.now],
  );
  return outcomes.map(({ posting, ledgerIds, balanceAfterCents }) => ({
    claimId: posting.claim.claimId,
    ledgerIds,
    balanceAfterCents,
  }));
}
