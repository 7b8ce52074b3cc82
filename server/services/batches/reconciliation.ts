/**
 * Deposit reconciliation: each deposit (a payment batch, or a posted ERA check) shows what was
 * deposited beside what was posted from it (getPaymentReconsilationProfileData); reconsilePosting
 * marks it reconciled only when the two are equal, and a reconciled deposit takes no new postings
 * or reversals. An ERA check's deposit is its BPR amount: the claim payments less what the payer
 * withheld at provider level (PLB), so those are taken off what was posted, and claim interest
 * (AMT*I in CLP04), the check's income posted on no claim line, is added to it. A check whose
 * unmatched claims still wait in the queue is listed with what it posted so far: the difference
 * is what is still unposted.
 */
import {
  DEPOSIT_RECONCILED,
  type Deposit,
  type MessageReply,
  type ReconciliationQuery,
  type ReconciliationReply,
  type ReconsilePostingRequest,
} from '../../../contract/batches.ts';
import { formatCents } from '../../../contract/money.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { isoText } from './batchRules.ts';
import { FIGURE_SQL, REVERSED_ROW_JOIN } from '../ledger/ledgerFigures.ts';
import { BATCH_POSTED_CENTS } from './paymentBatchReads.ts';

/**
 * What was posted from an ERA check: its insurance payments (provider-level adjustments that name
 * a claim are among them, posted on that claim) less the provider-level adjustments that stay the
 * check's own (interest, or one naming no claim of ours).
 */
const ERA_POSTED_CENTS = `((SELECT ${FIGURE_SQL.insurancePaid} FROM ledger_entries l ${REVERSED_ROW_JOIN} WHERE l.era_check_id = ec.era_check_id)
  + (SELECT coalesce(sum(x.interest_cents), 0)::bigint FROM era_claims x WHERE x.era_check_id = ec.era_check_id AND x.posted_at IS NOT NULL)
  - (ec.provider_adjustment_cents - (SELECT coalesce(sum(pa.amount_cents), 0)::bigint FROM era_provider_adjustments pa WHERE pa.era_check_id = ec.era_check_id AND pa.posted_at IS NOT NULL)))`;

const DEPOSITS = `
  SELECT 'batch'::text AS kind, pb.payment_batch_id AS "depositID", pb.batch_number AS reference, i.name AS "payerName", pb.deposit_date AS "depositDate",
         pb.total_cents AS deposited, ${BATCH_POSTED_CENTS} AS posted, pb.reconciled_at, pb.reconciled_by
    FROM payment_batches pb LEFT JOIN insurances i ON i.insurance_id = pb.insurance_id
   WHERE pb.practice_id = ANY($1::bigint[])
  UNION ALL
  SELECT 'era'::text, ec.era_check_id, ec.trace_number, ec.payer_name, ec.check_date, ec.total_paid_cents, ${ERA_POSTED_CENTS}, ec.reconciled_at, ec.reconciled_by
    FROM era_checks ec
   WHERE ec.group_id = ANY($2::bigint[]) AND ec.status IN ('posted', 'partial')`;

export async function reconciliationProfile(
  q: Queryable,
  scope: DataScope,
  query: ReconciliationQuery,
): Promise<ReconciliationReply> {
  const filter =
    query.reconciled === undefined ? '' : `WHERE d.reconciled_at IS ${query.reconciled === 'yes' ? 'NOT ' : ''}NULL`;
  const rows = await q.query<Omit<Deposit, 'difference'> & { total: number }>(
    `SELECT d.kind, d."depositID", d.reference, d."payerName", d."depositDate", d.deposited, d.posted, d.reconciled_at IS NOT NULL AS reconciled,
            ${isoText('d.reconciled_at')} AS "reconciledAt", nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "reconciledBy", count(*) OVER ()::int AS total
       FROM (${DEPOSITS}) d LEFT JOIN users u ON u.user_id = d.reconciled_by
       ${filter}
      ORDER BY d.reconciled_at IS NOT NULL, d."depositDate" DESC NULLS LAST, d.kind, d."depositID" DESC
      LIMIT $3 OFFSET $4`,
    [scope.practiceIds, scope.groupIds, query.pageSize, (query.pageNumber - 1) * query.pageSize],
  );
  return {
    count: rows[0]?.total ?? 0,
    deposits: rows.map(({ total: _total, ...row }) => ({ ...row, difference: row.deposited - row.posted })),
  };
}

function unequal(deposited: number, posted: number): BadRequestError {
  return new BadRequestError(
    `Posted ${formatCents(posted)} of the ${formatCents(deposited)} deposited: a difference of ${formatCents(deposited - posted)}. Post or correct it before reconciling.`,
  );
}

export async function reconcileDeposit(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: ReconsilePostingRequest,
  now: Date,
): Promise<MessageReply> {
  return db.transaction(async (tx) => {
    if (request.paymentBatchID !== undefined) {
      const [batch] = await tx.query<{ status: string; deposited: number; posted: number }>(
        `SELECT pb.status, pb.total_cents AS deposited, ${BATCH_POSTED_CENTS} AS posted FROM payment_batches pb
          WHERE pb.payment_batch_id = $1 AND pb.practice_id = ANY($2::bigint[]) FOR UPDATE`,
        [request.paymentBatchID, scope.practiceIds],
      );
      if (!batch) throw new NotFoundError('Payment batch not found.');
      if (batch.status === 'reconciled') throw new BadRequestError('This payment batch is already reconciled.');
      if (batch.posted !== batch.deposited) throw unequal(batch.deposited, batch.posted);
      await tx.query(
        "UPDATE payment_batches SET status = 'reconciled', reconciled_at = $2, reconciled_by = $3 WHERE payment_batch_id = $1",
        [request.paymentBatchID, now, actor.userId],
      );
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'batches.payment.reconcile',
        recordType: 'payment_batch',
        recordId: request.paymentBatchID,
        source: actor.source,
        ip: actor.ip,
        detail: { depositedCents: batch.deposited },
      });
      return { message: DEPOSIT_RECONCILED, pkid: request.paymentBatchID };
    }
    const eraCheckID = request.eraCheckID ?? 0;
    const [check] = await tx.query<{ status: string; reconciled: boolean; deposited: number; posted: number }>(
      `SELECT ec.status, ec.reconciled_at IS NOT NULL AS reconciled, ec.total_paid_cents AS deposited, ${ERA_POSTED_CENTS} AS posted FROM era_checks ec
        WHERE ec.era_check_id = $1 AND ec.group_id = ANY($2::bigint[]) AND ec.status <> 'deleted' FOR UPDATE`,
      [eraCheckID, scope.groupIds],
    );
    if (!check) throw new NotFoundError('ERA check not found.');
    if (check.status === 'unposted') throw new BadRequestError('Post the ERA check before reconciling it.');
    if (check.reconciled) throw new BadRequestError('This ERA check is already reconciled.');
    if (check.posted !== check.deposited) throw unequal(check.deposited, check.posted);
    await tx.query('UPDATE era_checks SET reconciled_at = $2, reconciled_by = $3 WHERE era_check_id = $1', [
      eraCheckID,
      now,
      actor.userId,
    ]);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'era.reconcile',
      recordType: 'era_check',
      recordId: eraCheckID,
      source: actor.source,
      ip: actor.ip,
      detail: { depositedCents: check.deposited },
    });
    return { message: DEPOSIT_RECONCILED, pkid: eraCheckID };
  });
}
