/**
 * Charge batches: the superbills of a day or a courier run, entered as claims that carry the
 * batch (claims.charge_batch_id). The batch shows what the biller expected to enter beside what
 * the claims of it add up to, its claims and lines, and its scanned files.
 */
import {
  BATCH_CREATED,
  BATCH_UPDATED,
  type AddChargeBatchRequest,
  type BatchCharge,
  type BatchDocumentRow,
  type BatchSavedReply,
  type ChargeBatch,
  type ChargeBatchChargesReply,
  type ChargeBatchDetailReply,
  type ChargeBatchOptionsReply,
  type ChargeBatchSearchInput,
  type UpdateChargeBatchRequest,
} from '../../../contract/batches.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { FIGURE_SQL, REVERSED_ROW_JOIN } from '../ledger/ledgerFigures.ts';
import { batchDocumentRows, checkedFiles, storeBatchDocuments } from './batchDocuments.ts';
import { ASSIGNEE_NAME, batchNumberTaken, checkAssignee, numbered, isoText, practiceGroup } from './batchRules.ts';

export async function addChargeBatch(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: AddChargeBatchRequest,
  now: Date,
): Promise<BatchSavedReply> {
  const files = checkedFiles(request.documents);
  return numbered(request.batchNumber, () =>
    db.transaction(async (tx) => {
      const groupID = await practiceGroup(tx, scope, request.practiceID);
      await checkAssignee(tx, request.assignedUserID, groupID);
      const [taken] = await tx.query('SELECT 1 FROM charge_batches WHERE group_id = $1 AND batch_number = $2', [
        groupID,
        request.batchNumber,
      ]);
      if (taken) throw batchNumberTaken(request.batchNumber);
      const [batch] = await tx.query<{ id: number }>(
        `INSERT INTO charge_batches (group_id, practice_id, batch_number, description, expected_total_cents, assigned_user_id, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING charge_batch_id AS id`,
        [
          groupID,
          request.practiceID,
          request.batchNumber,
          request.description ?? null,
          request.total,
          request.assignedUserID ?? actor.userId,
          actor.userId,
          now,
        ],
      );
      if (!batch) throw new Error('The charge batch was not stored.');
      const documents = await storeBatchDocuments(tx, actor, 'charge', { batchID: batch.id, groupID }, files, now);
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'batches.charge.create',
        recordType: 'charge_batch',
        recordId: batch.id,
        source: actor.source,
        ip: actor.ip,
        detail: { batchNumber: request.batchNumber, documents: documents.length },
      });
      return { message: BATCH_CREATED, pkid: batch.id, documents };
    }),
  );
}

export async function updateChargeBatch(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: UpdateChargeBatchRequest,
): Promise<BatchSavedReply> {
  const { chargeBatchID, ...changes } = request;
  if (Object.keys(changes).length === 0) throw new BadRequestError('Nothing to change: give at least one field.');
  return numbered(request.batchNumber, () =>
    db.transaction(async (tx) => {
      const [batch] = await tx.query<{ groupID: number }>(
        'SELECT group_id AS "groupID" FROM charge_batches WHERE charge_batch_id = $1 AND practice_id = ANY($2::bigint[]) FOR UPDATE',
        [chargeBatchID, scope.practiceIds],
      );
      if (!batch) throw new NotFoundError('Charge batch not found.');
      await checkAssignee(tx, request.assignedUserID, batch.groupID);
      if (request.batchNumber !== undefined) {
        const [taken] = await tx.query(
          'SELECT 1 FROM charge_batches WHERE group_id = $1 AND batch_number = $2 AND charge_batch_id <> $3',
          [batch.groupID, request.batchNumber, chargeBatchID],
        );
        if (taken) throw batchNumberTaken(request.batchNumber);
      }
      await tx.query(
        `UPDATE charge_batches SET batch_number = coalesce($2, batch_number), description = CASE WHEN $3 THEN $4::text ELSE description END,
                expected_total_cents = coalesce($5, expected_total_cents), assigned_user_id = CASE WHEN $6 THEN $7::bigint ELSE assigned_user_id END, status = coalesce($8, status)
          WHERE charge_batch_id = $1`,
        [
          chargeBatchID,
          request.batchNumber ?? null,
          'description' in changes,
          request.description ?? null,
          request.total ?? null,
          'assignedUserID' in changes,
          request.assignedUserID ?? null,
          request.status ?? null,
        ],
      );
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'batches.charge.update',
        recordType: 'charge_batch',
        recordId: chargeBatchID,
        source: actor.source,
        ip: actor.ip,
        detail: { changed: Object.keys(changes) },
      });
      return { message: BATCH_UPDATED, pkid: chargeBatchID, documents: [] };
    }),
  );
}

/** A charge batch with what its claims add up to, its claims and its active files counted. */
export const CHARGE_BATCH_COLUMNS = `cb.charge_batch_id AS "chargeBatchID", cb.group_id AS "groupID", cb.practice_id AS "practiceID", p.name AS "practiceName", cb.batch_number AS "batchNumber",
  cb.description, cb.status, cb.assigned_user_id AS "assignedUserID", ${ASSIGNEE_NAME} AS "assignedTo", cb.expected_total_cents AS total,
  (SELECT coalesce(sum(c.total_charge_cents), 0)::bigint FROM claims c WHERE c.charge_batch_id = cb.charge_batch_id) AS entered,
  (SELECT count(*)::int FROM claims c WHERE c.charge_batch_id = cb.charge_batch_id) AS claims,
  (SELECT count(*)::int FROM documents d WHERE d.charge_batch_id = cb.charge_batch_id AND d.active) AS documents,
  ${isoText('cb.created_at')} AS "createdAt"`;
export const CHARGE_BATCH_FROM =
  'FROM charge_batches cb JOIN practices p ON p.practice_id = cb.practice_id LEFT JOIN users au ON au.user_id = cb.assigned_user_id';

export type ChargeBatchRow = Omit<ChargeBatch, 'difference'>;
export const withDifference = (row: ChargeBatchRow): ChargeBatch => ({ ...row, difference: row.total - row.entered });

export async function chargeBatchByID(q: Queryable, scope: DataScope, chargeBatchID: number): Promise<ChargeBatch> {
  const [row] = await q.query<ChargeBatchRow>(
    `SELECT ${CHARGE_BATCH_COLUMNS} ${CHARGE_BATCH_FROM} WHERE cb.charge_batch_id = $1 AND cb.practice_id = ANY($2::bigint[])`,
    [chargeBatchID, scope.practiceIds],
  );
  if (!row) throw new NotFoundError('Charge batch not found.');
  return withDifference(row);
}

export async function chargeBatchDetail(
  q: Queryable,
  scope: DataScope,
  chargeBatchID: number,
): Promise<ChargeBatchDetailReply> {
  const batch = await chargeBatchByID(q, scope, chargeBatchID);
  const claims = await q.query<ChargeBatchDetailReply['claims'][number]>(
    `SELECT claim_id AS "claimID", patient_name AS "patientName", dos_from AS "dosFrom", total_charge_cents AS "totalCharge", balance_cents AS balance
       FROM claims WHERE charge_batch_id = $1 AND practice_id = ANY($2::bigint[]) ORDER BY claim_id`,
    [chargeBatchID, scope.practiceIds],
  );
  return { batch, claims, documents: await batchDocumentRows(q, 'charge', chargeBatchID) };
}

export async function chargeBatchCharges(
  q: Queryable,
  scope: DataScope,
  chargeBatchID: number,
): Promise<ChargeBatchChargesReply> {
  const batch = await chargeBatchByID(q, scope, chargeBatchID);
  const charges = await q.query<BatchCharge>(
    `SELECT ch.charge_id AS "chargeID", c.claim_id AS "claimID", c.patient_name AS "patientName", ch.cpt_code AS "cptCode", ch.dos_from AS "dosFrom", ch.charge_cents AS charge,
            f.paid, f.adjusted, f.balance
       FROM claims c JOIN charges ch ON ch.claim_id = c.claim_id
       CROSS JOIN LATERAL (SELECT ${FIGURE_SQL.paid} AS paid, ${FIGURE_SQL.adjusted} AS adjusted, ${FIGURE_SQL.balance} AS balance
                             FROM ledger_entries l ${REVERSED_ROW_JOIN} WHERE l.charge_id = ch.charge_id) f
      WHERE c.charge_batch_id = $1 AND c.practice_id = ANY($2::bigint[]) AND ch.charge_status IS DISTINCT FROM 'deleted'
      ORDER BY c.claim_id, ch.line_number`,
    [chargeBatchID, scope.practiceIds],
  );
  return { batch, charges };
}

/**
 * Repository/getChargeBatches: open batches to pick from while entering a claim, by number or
 * description; with a claim or a patient, only those of its practice (the only ones it may go in).
 */
export async function chargeBatchOptions(
  q: Queryable,
  scope: DataScope,
  query: ChargeBatchSearchInput,
): Promise<ChargeBatchOptionsReply> {
  const batches = await q.query<ChargeBatchOptionsReply['batches'][number]>(
    `SELECT charge_batch_id AS "chargeBatchID", batch_number AS "batchNumber", description FROM charge_batches
      WHERE practice_id = ANY($1::bigint[]) AND status = 'open' AND ($2::bigint IS NULL OR group_id = $2)
        AND ($3 = '' OR batch_number ILIKE $3 || '%' OR description ILIKE '%' || $3 || '%')
        AND ($4::bigint IS NULL OR practice_id = (SELECT practice_id FROM claims WHERE claim_id = $4))
        AND ($5::bigint IS NULL OR practice_id = (SELECT practice_id FROM patients WHERE patient_id = $5))
      ORDER BY charge_batch_id DESC LIMIT 50`,
    [scope.practiceIds, query.clientID ?? null, query.searchValue, query.claimID ?? null, query.patientID ?? null],
  );
  return { batches };
}

/** Repository/getChargeBatchDocument: the batch's files, the inactive ones too when asked. */
export async function chargeBatchDocuments(
  q: Queryable,
  scope: DataScope,
  query: { chargeBatchID: number; getInactive: 'true' | 'false' },
): Promise<{ documents: BatchDocumentRow[] }> {
  await chargeBatchByID(q, scope, query.chargeBatchID);
  return { documents: await batchDocumentRows(q, 'charge', query.chargeBatchID, query.getInactive === 'true') };
}
