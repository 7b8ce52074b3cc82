/**
 * Writing payment batches: create with their scanned files (addPaymentBatchAndDocuments), edit
 * (updatePaymentBatch), hand to another biller (reassignPaymentBatch) and delete one nothing was
 * posted to (deletePaymentBatchByID). Each is one transaction with its audit row.
 */
import {
  BATCH_CREATED,
  BATCH_UPDATED,
  PAYMENT_BATCH_DELETED,
  PAYMENT_BATCH_REASSIGNED,
  type AddPaymentBatchRequest,
  type BatchSavedReply,
  type MessageReply,
  type UpdatePaymentBatchRequest,
} from '../../../contract/batches.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { checkedFiles, storeBatchDocuments } from './batchDocuments.ts';
import { batchNumberTaken, checkAssignee, numbered, practiceGroup } from './batchRules.ts';

async function checkInsurance(tx: Transaction, insuranceID: number | null | undefined): Promise<void> {
  if (insuranceID === null || insuranceID === undefined) return;
  const [insurance] = await tx.query('SELECT 1 FROM insurances WHERE insurance_id = $1', [insuranceID]);
  if (!insurance) throw new BadRequestError(`There is no insurance ${insuranceID}.`);
}

function audit(
  tx: Transaction,
  actor: Actor,
  action: string,
  paymentBatchID: number,
  detail: Record<string, unknown>,
): Promise<void> {
  return writeAudit(tx, {
    userId: actor.userId,
    action,
    recordType: 'payment_batch',
    recordId: paymentBatchID,
    source: actor.source,
    ip: actor.ip,
    detail,
  });
}

export async function addPaymentBatch(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: AddPaymentBatchRequest,
  now: Date,
): Promise<BatchSavedReply> {
  if (request.paymentSource === 'patient' && request.insuranceID !== undefined)
    throw new BadRequestError('A patient payment batch has no insurance.');
  const files = checkedFiles(request.documents);
  return numbered(request.batchNumber, () =>
    db.transaction(async (tx) => {
      const groupID = await practiceGroup(tx, scope, request.practiceID);
      await checkAssignee(tx, request.assignedUserID, groupID);
      await checkInsurance(tx, request.insuranceID);
      const [taken] = await tx.query('SELECT 1 FROM payment_batches WHERE group_id = $1 AND batch_number = $2', [
        groupID,
        request.batchNumber,
      ]);
      if (taken) throw batchNumberTaken(request.batchNumber);
      const [batch] = await tx.query<{ id: number }>(
        `INSERT INTO payment_batches (group_id, practice_id, batch_number, payment_source, insurance_id, check_number, check_date, deposit_date, total_cents, description, assigned_user_id, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING payment_batch_id AS id`,
        [
          groupID,
          request.practiceID,
          request.batchNumber,
          request.paymentSource,
          request.insuranceID ?? null,
          request.checkNumber ?? null,
          request.checkDate ?? null,
          request.depositDate ?? null,
          request.total,
          request.description ?? null,
          request.assignedUserID ?? actor.userId,
          actor.userId,
          now,
        ],
      );
      if (!batch) throw new Error('The payment batch was not stored.');
      const documents = await storeBatchDocuments(tx, actor, 'payment', { batchID: batch.id, groupID }, files, now);
      await audit(tx, actor, 'batches.payment.create', batch.id, {
        batchNumber: request.batchNumber,
        totalCents: request.total,
        documents: documents.length,
      });
      return { message: BATCH_CREATED, pkid: batch.id, documents };
    }),
  );
}

interface LockedBatch {
  groupID: number;
  status: string;
  paymentSource: string;
}

async function lockBatch(tx: Transaction, scope: DataScope, paymentBatchID: number): Promise<LockedBatch> {
  const [batch] = await tx.query<LockedBatch>(
    'SELECT group_id AS "groupID", status, payment_source AS "paymentSource" FROM payment_batches WHERE payment_batch_id = $1 AND practice_id = ANY($2::bigint[]) FOR UPDATE',
    [paymentBatchID, scope.practiceIds],
  );
  if (!batch) throw new NotFoundError('Payment batch not found.');
  return batch;
}

export async function updatePaymentBatch(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: UpdatePaymentBatchRequest,
): Promise<BatchSavedReply> {
  const { paymentBatchID, ...changes } = request;
  if (Object.keys(changes).length === 0) throw new BadRequestError('Nothing to change: give at least one field.');
  return numbered(request.batchNumber, () =>
    db.transaction(async (tx) => {
      const batch = await lockBatch(tx, scope, paymentBatchID);
      if (batch.status === 'reconciled')
        throw new BadRequestError('This payment batch is reconciled; it can no longer be changed.');
      if (batch.paymentSource === 'patient' && typeof request.insuranceID === 'number')
        throw new BadRequestError('A patient payment batch has no insurance.');
      await checkInsurance(tx, request.insuranceID);
      if (request.batchNumber !== undefined) {
        const [taken] = await tx.query(
          'SELECT 1 FROM payment_batches WHERE group_id = $1 AND batch_number = $2 AND payment_batch_id <> $3',
          [batch.groupID, request.batchNumber, paymentBatchID],
        );
        if (taken) throw batchNumberTaken(request.batchNumber);
      }
      const has = (key: keyof typeof changes) => key in changes;
      await tx.query(
        `UPDATE payment_batches SET
           batch_number = coalesce($2, batch_number),
           insurance_id = CASE WHEN $3 THEN $4::bigint ELSE insurance_id END,
           check_number = CASE WHEN $5 THEN $6::text ELSE check_number END,
           check_date = CASE WHEN $7 THEN $8::date ELSE check_date END,
           deposit_date = CASE WHEN $9 THEN $10::date ELSE deposit_date END,
           total_cents = coalesce($11, total_cents),
           description = CASE WHEN $12 THEN $13::text ELSE description END,
           status = coalesce($14, status)
         WHERE payment_batch_id = $1`,
        [
          paymentBatchID,
          request.batchNumber ?? null,
          has('insuranceID'),
          request.insuranceID ?? null,
          has('checkNumber'),
          request.checkNumber ?? null,
          has('checkDate'),
          request.checkDate ?? null,
          has('depositDate'),
          request.depositDate ?? null,
          request.total ?? null,
          has('description'),
          request.description ?? null,
          request.status ?? null,
        ],
      );
      await audit(tx, actor, 'batches.payment.update', paymentBatchID, { changed: Object.keys(changes) });
      return { message: BATCH_UPDATED, pkid: paymentBatchID, documents: [] };
    }),
  );
}

export async function reassignPaymentBatch(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: { paymentBatchID: number; assignedUserID: number },
): Promise<MessageReply> {
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, scope, request.paymentBatchID);
    await checkAssignee(tx, request.assignedUserID, batch.groupID);
    await tx.query('UPDATE payment_batches SET assigned_user_id = $2 WHERE payment_batch_id = $1', [
      request.paymentBatchID,
      request.assignedUserID,
    ]);
    await audit(tx, actor, 'batches.payment.reassign', request.paymentBatchID, {
      assignedUserID: request.assignedUserID,
    });
    return { message: PAYMENT_BATCH_REASSIGNED, pkid: request.paymentBatchID };
  });
}

/**
 * Only an empty batch goes: ledger rows are append-only, so a batch with postings (even reversed
 * ones) stays as their record. Its files are unlinked and set inactive rather than destroyed.
 */
export async function deletePaymentBatch(
  db: Db,
  actor: Actor,
  scope: DataScope,
  paymentBatchID: number,
): Promise<MessageReply> {
  return db.transaction(async (tx) => {
    await lockBatch(tx, scope, paymentBatchID);
    const [posted] = await tx.query<{ rows: number }>(
      'SELECT count(*)::int AS rows FROM ledger_entries WHERE payment_batch_id = $1',
      [paymentBatchID],
    );
    if (posted && posted.rows > 0)
      throw new BadRequestError(
        `This payment batch has ${posted.rows} ledger posting${posted.rows === 1 ? '' : 's'}; a batch with postings cannot be deleted. Reverse them and close the batch instead.`,
      );
    const [checks] = await tx.query<{ checks: number }>(
      "SELECT count(*)::int AS checks FROM era_checks WHERE payment_batch_id = $1 AND status <> 'deleted'",
      [paymentBatchID],
    );
    if (checks && checks.checks > 0)
      throw new BadRequestError('ERA checks are filed in this payment batch; it cannot be deleted.');
    const unlinked = await tx.query(
      'UPDATE documents SET payment_batch_id = NULL, active = false WHERE payment_batch_id = $1 RETURNING document_id',
      [paymentBatchID],
    );
    await tx.query('DELETE FROM payment_batches WHERE payment_batch_id = $1', [paymentBatchID]);
    await audit(tx, actor, 'batches.payment.delete', paymentBatchID, { documentsUnlinked: unlinked.length });
    return { message: PAYMENT_BATCH_DELETED, pkid: paymentBatchID };
  });
}
