/**
 * Reading payment batches: the list (getPaymentBatchData, getPaymentBatches), one batch
 * (getPaymentBatchByID), its lines (getPaymentBatchDetailData, getPaymentBatchDetailPaidCharges)
 * and its ledger rows (getPaymentBatchLedgersPostingByID, GetPaymentLedgerByBatchID). Every read
 * is limited to the practices of the user's data role; a batch outside it is not found.
 */
import type {
  BatchCharge,
  BatchLedgerRow,
  PaymentBatch,
  PaymentBatchChargesReply,
  PaymentBatchDetailReply,
  PaymentBatchLedgerReply,
  PaymentBatchListQuery,
  PaymentBatchListReply,
} from '../../../contract/batches.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { FIGURE_SQL, REVERSED_ROW_JOIN } from '../ledger/ledgerFigures.ts';
import { batchDocumentRows } from './batchDocuments.ts';
import { ASSIGNEE_NAME, isoText } from './batchRules.ts';

/**
 * Money received through the batch (the figure model's insurance and patient payments, net of
 * their reversals). Adjustments and write-offs posted with it move balances but are no money
 * deposited, so they do not count.
 */
export const BATCH_POSTED_CENTS = `(SELECT ${FIGURE_SQL.received} FROM ledger_entries l ${REVERSED_ROW_JOIN} WHERE l.payment_batch_id = pb.payment_batch_id)`;

const BATCH_COLUMNS = `pb.payment_batch_id AS "paymentBatchID", pb.group_id AS "groupID", pb.practice_id AS "practiceID", p.name AS "practiceName",
  pb.batch_number AS "batchNumber", pb.payment_source AS "paymentSource", pb.insurance_id AS "insuranceID", i.name AS "payerName",
  pb.check_number AS "checkNumber", pb.check_date AS "checkDate", pb.deposit_date AS "depositDate", pb.description, pb.status,
  pb.assigned_user_id AS "assignedUserID", ${ASSIGNEE_NAME} AS "assignedTo", pb.total_cents AS total, ${BATCH_POSTED_CENTS} AS posted,
  (SELECT count(*)::int FROM documents d WHERE d.payment_batch_id = pb.payment_batch_id AND d.active) AS documents,
  ${isoText('pb.reconciled_at')} AS "reconciledAt", ${isoText('pb.created_at')} AS "createdAt"`;

const BATCH_FROM = `FROM payment_batches pb JOIN practices p ON p.practice_id = pb.practice_id
  LEFT JOIN insurances i ON i.insurance_id = pb.insurance_id LEFT JOIN users au ON au.user_id = pb.assigned_user_id`;

type BatchRow = Omit<PaymentBatch, 'difference'>;
const withDifference = (row: BatchRow): PaymentBatch => ({ ...row, difference: row.total - row.posted });

export async function paymentBatchList(
  q: Queryable,
  scope: DataScope,
  query: PaymentBatchListQuery,
): Promise<PaymentBatchListReply> {
  const where = `WHERE pb.practice_id = ANY($1::bigint[]) AND ($2::text IS NULL OR pb.batch_number ILIKE $2 || '%' OR pb.check_number ILIKE $2 || '%') AND ($3::text IS NULL OR pb.status = $3)`;
  const params = [scope.practiceIds, query.searchValue || null, query.status ?? null];
  const [counted] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM payment_batches pb ${where}`,
    params,
  );
  const rows = await q.query<BatchRow>(
    `SELECT ${BATCH_COLUMNS} ${BATCH_FROM} ${where} ORDER BY pb.payment_batch_id DESC LIMIT $4 OFFSET $5`,
    [...params, query.pageSize, (query.pageNumber - 1) * query.pageSize],
  );
  return { count: counted?.count ?? 0, batches: rows.map(withDifference) };
}

export async function paymentBatchByID(q: Queryable, scope: DataScope, paymentBatchID: number): Promise<PaymentBatch> {
  const [row] = await q.query<BatchRow>(
    `SELECT ${BATCH_COLUMNS} ${BATCH_FROM} WHERE pb.payment_batch_id = $1 AND pb.practice_id = ANY($2::bigint[])`,
    [paymentBatchID, scope.practiceIds],
  );
  if (!row) throw new NotFoundError('Payment batch not found.');
  return withDifference(row);
}

/** The lines the batch posted to, with what the batch paid and adjusted on each and the line's balance now. */
async function batchCharges(q: Queryable, paymentBatchID: number, paidOnly: boolean): Promise<BatchCharge[]> {
  return q.query<BatchCharge>(
    `SELECT * FROM (
       SELECT ch.charge_id AS "chargeID", c.claim_id AS "claimID", c.patient_name AS "patientName", ch.cpt_code AS "cptCode", ch.dos_from AS "dosFrom",
              ch.charge_cents AS charge,
              ${FIGURE_SQL.paid} AS paid, ${FIGURE_SQL.adjusted} AS adjusted,
              (SELECT coalesce(sum(a.amount_cents), 0) FROM ledger_entries a WHERE a.charge_id = ch.charge_id)::bigint AS balance
         FROM ledger_entries l
         ${REVERSED_ROW_JOIN}
         JOIN charges ch ON ch.charge_id = l.charge_id
         JOIN claims c ON c.claim_id = ch.claim_id
        WHERE l.payment_batch_id = $1
        GROUP BY ch.charge_id, c.claim_id) lines
      WHERE NOT $2 OR paid <> 0
      ORDER BY "claimID", "chargeID"`,
    [paymentBatchID, paidOnly],
  );
}

export async function paymentBatchDetail(
  q: Queryable,
  scope: DataScope,
  paymentBatchID: number,
): Promise<PaymentBatchDetailReply> {
  const batch = await paymentBatchByID(q, scope, paymentBatchID);
  return {
    batch,
    charges: await batchCharges(q, paymentBatchID, false),
    documents: await batchDocumentRows(q, 'payment', paymentBatchID),
  };
}

export async function paymentBatchPaidCharges(
  q: Queryable,
  scope: DataScope,
  paymentBatchID: number,
): Promise<PaymentBatchChargesReply> {
  const batch = await paymentBatchByID(q, scope, paymentBatchID);
  return { batch, charges: await batchCharges(q, paymentBatchID, true) };
}

export async function paymentBatchLedger(
  q: Queryable,
  scope: DataScope,
  paymentBatchID: number,
): Promise<PaymentBatchLedgerReply> {
  const batch = await paymentBatchByID(q, scope, paymentBatchID);
  const rows = await q.query<BatchLedgerRow>(
    `SELECT l.ledger_id AS "ledgerID", l.posting_date AS "postingDate", l.entry_type AS "entryType", l.claim_id AS "claimID", l.charge_id AS "chargeID",
            l.amount_cents AS amount, l.reason_code AS "reasonCode", l.reverses_ledger_id AS "reversesLedgerID", r.ledger_id AS "reversedByLedgerID", l.note
       FROM ledger_entries l LEFT JOIN ledger_entries r ON r.reverses_ledger_id = l.ledger_id
      WHERE l.payment_batch_id = $1
      ORDER BY l.ledger_id`,
    [paymentBatchID],
  );
  return { batch, rows };
}
