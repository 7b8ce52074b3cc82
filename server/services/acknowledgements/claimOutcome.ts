/**
 * What an acknowledgement or a status response does to one claim, in the transaction of its file:
 * a row of the claim's status history, a DNA event, and for a rejection the claim's status by the
 * claim state machine (Submitted or Accepted by Payer → Rejected), the payer's reason on the claim
 * and a "Correct and resubmit" task in the work queue.
 */
import { CLAIM_STATUS, SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import type { Transaction } from '../../db/types.ts';

export type Source = '999' | '277CA' | '277';
export type AnsweredBy = 'clearinghouse' | 'payer';
export type Outcome = 'accepted' | 'rejected' | 'pending' | 'finalized' | 'information';

/** The work queue's task type for a claim turned back (task_types, 0002_lookups.sql). */
export const CORRECT_AND_RESUBMIT_TASK = 3;

export interface ClaimAnswer {
  claimID: number;
  fileID: number;
  submissionBatchID: number | null;
  source: Source;
  answeredBy: AnsweredBy;
  answeredByName: string;
  outcome: Outcome;
  categoryCode: string;
  statusCode: string;
  entityCode: string;
  reason: string;
  payerClaimNumber: string | null;
  effectiveDate: string | null;
  chargeCents: number | null;
  paymentCents: number | null;
  fileName: string | null;
  detail: Record<string, unknown>;
}

export interface ClaimRow {
  claimID: number;
  groupID: number;
  practiceID: number;
  claimStatusID: number;
  submitStatusID: number;
  /** The batch the claim was last sent in; an answer about an earlier batch changes no status. */
  latestBatchID: number | null;
}

/** The claims named, locked in claim order with what the answers need. */
export async function lockClaims(
  tx: Transaction,
  claimIDs: readonly number[],
  practiceIds: readonly number[] | null = null,
): Promise<Map<number, ClaimRow>> {
  if (claimIDs.length === 0) return new Map();
  const rows = await tx.query<ClaimRow>(
    `SELECT c.claim_id AS "claimID", c.group_id AS "groupID", c.practice_id AS "practiceID",
            c.claim_status_id AS "claimStatusID", c.submit_status_id AS "submitStatusID",
            (SELECT max(sbc.submission_batch_id) FROM submission_batch_claims sbc WHERE sbc.claim_id = c.claim_id) AS "latestBatchID"
       FROM claims c WHERE c.claim_id = ANY($1::bigint[]) AND ($2::bigint[] IS NULL OR c.practice_id = ANY($2::bigint[]))
      ORDER BY c.claim_id FOR NO KEY UPDATE`,
    [[...new Set(claimIDs)], practiceIds],
  );
  return new Map(
    rows.map((row) => [
      Number(row.claimID),
      {
        ...row,
        claimID: Number(row.claimID),
        groupID: Number(row.groupID),
        practiceID: Number(row.practiceID),
        latestBatchID: row.latestBatchID === null ? null : Number(row.latestBatchID),
      },
    ]),
  );
}

const SENT_STATUSES = new Set<number>([CLAIM_STATUS.submitted, CLAIM_STATUS.acceptedByPayer]);

function eventAction(answer: ClaimAnswer): string {
  if (answer.source === '277') return 'claim status response';
  return answer.outcome === 'rejected' ? 'acknowledgement rejected' : 'acknowledgement accepted';
}

/**
 * Records the answer on the claim and moves its statuses. Returns whether the claim was turned
 * back (rejected) by this answer.
 */
export async function applyClaimAnswer(
  tx: Transaction,
  claim: ClaimRow,
  answer: ClaimAnswer,
  now: Date,
): Promise<{ rejected: boolean; statusChanged: boolean }> {
  const [history] = await tx.query<{ id: number }>(
    `INSERT INTO claim_status_history (claim_id, acknowledgement_file_id, submission_batch_id, source, answered_by, answered_by_name,
       outcome, category_code, status_code, entity_code, reason, payer_claim_number, effective_date, charge_cents, payment_cents, detail, recorded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::date, $14, $15, $16::jsonb, $17)
     RETURNING claim_status_history_id AS id`,
    [
      claim.claimID,
      answer.fileID,
      answer.submissionBatchID,
      answer.source,
      answer.answeredBy,
      answer.answeredByName,
      answer.outcome,
      answer.categoryCode,
      answer.statusCode,
      answer.entityCode,
      answer.reason,
      answer.payerClaimNumber,
      answer.effectiveDate,
      answer.chargeCents,
      answer.paymentCents,
      JSON.stringify(answer.detail),
      now,
    ],
  );
  if (answer.payerClaimNumber)
    await tx.query('UPDATE claims SET payer_claim_number = $2 WHERE claim_id = $1', [
      claim.claimID,
      answer.payerClaimNumber,
    ]);
  // An answer about a batch the claim has been sent again after says nothing of where it stands now.
  const current =
    answer.submissionBatchID === null ||
    claim.latestBatchID === null ||
    claim.latestBatchID === answer.submissionBatchID;
  let claimStatusID = claim.claimStatusID;
  let submitStatusID = claim.submitStatusID;
  if (current && answer.source !== '277') {
    if (answer.outcome === 'rejected' && SENT_STATUSES.has(claim.claimStatusID)) {
      claimStatusID = CLAIM_STATUS.rejected;
      if (answer.answeredBy === 'clearinghouse') submitStatusID = SUBMIT_STATUS.rejectedByClearinghouse;
    } else if (answer.outcome === 'accepted') {
      if (claim.submitStatusID === SUBMIT_STATUS.submitted) submitStatusID = SUBMIT_STATUS.acceptedByClearinghouse;
      if (answer.answeredBy === 'payer' && claim.claimStatusID === CLAIM_STATUS.submitted)
        claimStatusID = CLAIM_STATUS.acceptedByPayer;
    }
  }
  const statusChanged = claimStatusID !== claim.claimStatusID || submitStatusID !== claim.submitStatusID;
  const rejected = claimStatusID === CLAIM_STATUS.rejected && claim.claimStatusID !== CLAIM_STATUS.rejected;
  if (statusChanged)
    await tx.query(
      'UPDATE claims SET claim_status_id = $2, submit_status_id = $3, updated_at = $4 WHERE claim_id = $1',
      [claim.claimID, claimStatusID, submitStatusID, now],
    );
  await tx.query(
    `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at) VALUES ($1, NULL, $2, 'system', $3::jsonb, $4)`,
    [
      claim.claimID,
      eventAction(answer),
      JSON.stringify({
        source: answer.source,
        answeredBy: answer.answeredBy,
        answeredByName: answer.answeredByName,
        outcome: answer.outcome,
        reason: answer.reason,
        payerClaimNumber: answer.payerClaimNumber,
        file: answer.fileName,
        submissionBatchID: answer.submissionBatchID,
        claimStatusHistoryID: history?.id ?? null,
        ...(statusChanged ? { fromStatusID: claim.claimStatusID, toStatusID: claimStatusID } : {}),
      }),
      now,
    ],
  );
  if (rejected) {
    const who =
      answer.answeredBy === 'payer'
        ? answer.answeredByName || 'The payer'
        : answer.answeredByName || 'The clearinghouse';
    const [task] = await tx.query<{ taskID: number }>(
      `INSERT INTO tasks (group_id, claim_id, task_type_id, text, created_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING task_id AS "taskID"`,
      [
        claim.groupID,
        claim.claimID,
        CORRECT_AND_RESUBMIT_TASK,
        `${who} rejected the claim (${answer.source}): ${answer.reason}`.slice(0, 2000),
        now,
      ],
    );
    // The work queue's own DNA event for a task, as a biller's task has.
    await tx.query(
      `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at) VALUES ($1, NULL, 'task.added', 'system', $2::jsonb, $3)`,
      [
        claim.claimID,
        JSON.stringify({
          taskID: Number(task?.taskID),
          taskTypeID: CORRECT_AND_RESUBMIT_TASK,
          taskType: 'Correct and resubmit',
        }),
        now,
      ],
    );
  }
  claim.claimStatusID = claimStatusID;
  claim.submitStatusID = submitStatusID;
  return { rejected, statusChanged };
}
