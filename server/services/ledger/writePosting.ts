/**
 * Writes a posting plan inside the caller's transaction, claims already locked: its ledger rows
 * set-based in plan order, the lines' and claims' balances moved by the same cents, the claims'
 * statuses and one DNA event a claim. Every writer of claim money (ERA checks, paper EOBs,
 * patient payments, advance payments, reversals) posts through here.
 */
import type { Transaction } from '../../db/types.ts';
import type { Actor } from '../context.ts';
import type { PostingPlan } from '../era/postingPlan.ts';

export interface PostingWrite {
  /** The ERA check posted, or null for a payment keyed from a paper EOB. */
  eraCheckID: number | null;
  /** The check or EOB reference a paper payment names. */
  reference?: string;
  /** The payment batch the money was deposited with, when the biller posts from one. */
  paymentBatchID?: number | null;
  /** The paper EOB the rows post. */
  paperEobID?: number | null;
  postingDate: string;
  actor: Actor;
  now: Date;
  /** The DNA event each claim gets. */
  event: string;
  /** The advance payment the rows draw on (its applications and their reversals), so its credit can be read back from the ledger. */
  advancePaymentID?: number;
}

export async function writePosting(tx: Transaction, plan: PostingPlan, context: PostingWrite): Promise<void> {
  const { rows } = plan;
  if (rows.length > 0) {
    await tx.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, adjustment_group_code, reason_code,
                                   era_check_id, era_line_id, reverses_ledger_id, posting_date, note, created_by, created_at, advance_payment_id, payment_batch_id,
                                   era_claim_id, era_provider_adjustment_id, paper_eob_id)
       SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, d.charge_id, d.entry_type, d.amount, d.group_code, d.reason_code,
              $12, d.era_line_id, d.reverses, $13::date, d.note, $14, $15, $16, $17, d.era_claim_id, d.provider_adjustment_id, $18
         FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::text[], $10::bigint[], $11::bigint[]) WITH ORDINALITY
              AS d (claim_id, charge_id, entry_type, amount, group_code, reason_code, era_line_id, reverses, note, era_claim_id, provider_adjustment_id, position)
         JOIN claims c ON c.claim_id = d.claim_id
        ORDER BY d.position`,
      [
        rows.map((row) => row.claimID),
        rows.map((row) => row.chargeID),
        rows.map((row) => row.entryType),
        rows.map((row) => row.amountCents),
        rows.map((row) => row.group),
        rows.map((row) => row.reason),
        rows.map((row) => row.eraLineID),
        rows.map((row) => row.reversesLedgerID),
        rows.map((row) => row.note),
        rows.map((row) => row.eraClaimID ?? null),
        rows.map((row) => row.providerAdjustmentID ?? null),
        context.eraCheckID,
        context.postingDate,
        context.actor.userId,
        context.now,
        context.advancePaymentID ?? null,
        context.paymentBatchID ?? null,
        context.paperEobID ?? null,
      ],
    );
    const byCharge = new Map<number, number>();
    for (const row of rows) byCharge.set(row.chargeID, (byCharge.get(row.chargeID) ?? 0) + row.amountCents);
    await tx.query(
      `UPDATE charges ch SET balance_cents = ch.balance_cents + d.cents FROM unnest($1::bigint[], $2::bigint[]) AS d (charge_id, cents) WHERE ch.charge_id = d.charge_id`,
      [[...byCharge.keys()], [...byCharge.values()]],
    );
  }
  const claims = plan.claims;
  if (claims.length > 0) {
    await tx.query(
      `UPDATE claims c SET balance_cents = d.balance, claim_status_id = d.status_id, updated_at = $4
         FROM unnest($1::bigint[], $2::bigint[], $3::smallint[]) AS d (claim_id, balance, status_id) WHERE c.claim_id = d.claim_id`,
      [
        claims.map((claim) => claim.claimID),
        claims.map((claim) => claim.balanceAfterCents),
        claims.map((claim) => claim.statusAfter),
        context.now,
      ],
    );
    await tx.query(
      `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
       SELECT d.claim_id, $3, $6, $4, d.detail::jsonb, $5 FROM unnest($1::bigint[], $2::text[]) AS d (claim_id, detail)`,
      [
        claims.map((claim) => claim.claimID),
        claims.map((claim) =>
          JSON.stringify({
            eraCheckID: context.eraCheckID,
            ...(context.paymentBatchID ? { paymentBatchID: context.paymentBatchID } : {}),
            reference: context.reference ?? null,
            paidCents: claim.paidCents,
            balanceAfterCents: claim.balanceAfterCents,
            postingDate: context.postingDate,
            ...(claim.statusAfter === claim.statusBefore
              ? {}
              : { claimStatus: { from: claim.statusBefore, to: claim.statusAfter } }),
          }),
        ),
        context.actor.userId,
        context.actor.source,
        context.now,
        context.event,
      ],
    );
  }
}
