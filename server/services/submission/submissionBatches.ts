/** Batches/getSubmissionBatchReportStatus and getSubmissionBatchStatusDetailByID: the 837 files sent. */
import type { SubmissionBatch, SubmissionBatchDetail, SubmissionBatchesReply } from '../../../contract/submission.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

const BATCH_COLUMNS = `b.submission_batch_id AS "submissionBatchID", ins.name AS "payerName", ins.payer_id AS "payerID",
  b.transaction_type AS "transactionType", b.interchange_control_number AS "interchangeControlNumber", b.file_name AS "fileName",
  b.claim_count AS "claimCount", b.total_cents AS "totalCents", b.status,
  CASE WHEN u.user_id IS NULL THEN NULL ELSE concat_ws(' ', u.first_name, u.last_name) END AS "createdBy",
  to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
  ch.name AS "clearingHouseName", b.sent_file_name AS "sentFileName",
  to_char(b.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "sentAt", b.send_error AS "sendError"`;
const BATCH_FROM = `FROM submission_batches b JOIN insurances ins ON ins.insurance_id = b.insurance_id LEFT JOIN users u ON u.user_id = b.created_by
  LEFT JOIN clearing_houses ch ON ch.clearing_house_id = b.clearing_house_id`;

export function batchesByID(q: Queryable, ids: readonly number[]): Promise<SubmissionBatch[]> {
  return q.query<SubmissionBatch>(
    `SELECT ${BATCH_COLUMNS} ${BATCH_FROM} WHERE b.submission_batch_id = ANY($1::bigint[]) ORDER BY b.submission_batch_id`,
    [ids],
  );
}

/**
 * A batch belongs to the user's data role when its claims do; a file mixes no groups, and its
 * claims come from the practices of one group, so any one claim decides.
 */
const IN_SCOPE = `EXISTS (SELECT 1 FROM submission_batch_claims bc JOIN claims c ON c.claim_id = bc.claim_id
  WHERE bc.submission_batch_id = b.submission_batch_id AND c.practice_id = ANY($1::bigint[]))`;

/** Newest first, limited to the data role. */
export async function listSubmissionBatches(
  q: Queryable,
  scope: DataScope,
  page: { pageNumber: number; pageSize: number },
): Promise<SubmissionBatchesReply> {
  if (scope.practiceIds.length === 0) return { total: 0, rows: [] };
  const [count] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM submission_batches b WHERE ${IN_SCOPE}`,
    [scope.practiceIds],
  );
  const rows = await q.query<SubmissionBatch>(
    `SELECT ${BATCH_COLUMNS} ${BATCH_FROM} WHERE ${IN_SCOPE} ORDER BY b.submission_batch_id DESC LIMIT $2 OFFSET $3`,
    [scope.practiceIds, page.pageSize, (page.pageNumber - 1) * page.pageSize],
  );
  return { total: count?.total ?? 0, rows };
}

/** One batch with its claims and its file; a batch outside the data role is "not found". */
export async function submissionBatchDetail(
  q: Queryable,
  scope: DataScope,
  submissionBatchID: number,
): Promise<SubmissionBatchDetail> {
  const [batch] = await q.query<SubmissionBatch & { content: string }>(
    `SELECT ${BATCH_COLUMNS}, b.content ${BATCH_FROM} WHERE b.submission_batch_id = $2 AND ${IN_SCOPE}`,
    [scope.practiceIds, submissionBatchID],
  );
  if (!batch) throw new NotFoundError();
  const claims = await q.query<SubmissionBatchDetail['claims'][number]>(
    `SELECT c.claim_id AS "claimID", c.patient_name AS "patientName", c.dos_from AS "dosFrom", c.total_charge_cents AS "totalCharges", cs.name AS "claimStatus"
       FROM submission_batch_claims bc JOIN claims c ON c.claim_id = bc.claim_id JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
      WHERE bc.submission_batch_id = $1 ORDER BY c.claim_id`,
    [submissionBatchID],
  );
  const { content, ...summary } = batch;
  return { batch: summary, claims, content };
}
