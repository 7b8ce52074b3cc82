/**
 * Document batches: a stack of scanned mail (EOBs, correspondence, denial letters) filed under one
 * number and type before each page is worked. Create with the files, edit, and read with them.
 */
import {
  BATCH_CREATED,
  BATCH_UPDATED,
  type AddDocumentBatchRequest,
  type BatchSavedReply,
  type DocumentBatch,
  type DocumentBatchDetailReply,
  type UpdateDocumentBatchRequest,
} from '../../../contract/batches.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { batchDocumentRows, checkedFiles, storeBatchDocuments } from './batchDocuments.ts';
import { ASSIGNEE_NAME, batchNumberTaken, checkAssignee, numbered, isoText, practiceGroup } from './batchRules.ts';

export async function addDocumentBatch(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: AddDocumentBatchRequest,
  now: Date,
): Promise<BatchSavedReply> {
  const files = checkedFiles(request.documents);
  return numbered(request.batchNumber, () =>
    db.transaction(async (tx) => {
      const groupID = await practiceGroup(tx, scope, request.practiceID);
      await checkAssignee(tx, request.assignedUserID, groupID);
      const [taken] = await tx.query('SELECT 1 FROM document_batches WHERE group_id = $1 AND batch_number = $2', [
        groupID,
        request.batchNumber,
      ]);
      if (taken) throw batchNumberTaken(request.batchNumber);
      const [batch] = await tx.query<{ id: number }>(
        `INSERT INTO document_batches (group_id, practice_id, batch_number, batch_type, description, assigned_user_id, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING document_batch_id AS id`,
        [
          groupID,
          request.practiceID,
          request.batchNumber,
          request.batchType,
          request.description ?? null,
          request.assignedUserID ?? actor.userId,
          actor.userId,
          now,
        ],
      );
      if (!batch) throw new Error('The document batch was not stored.');
      const documents = await storeBatchDocuments(tx, actor, 'document', { batchID: batch.id, groupID }, files, now);
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'batches.document.create',
        recordType: 'document_batch',
        recordId: batch.id,
        source: actor.source,
        ip: actor.ip,
        detail: { batchNumber: request.batchNumber, documents: documents.length },
      });
      return { message: BATCH_CREATED, pkid: batch.id, documents };
    }),
  );
}

export async function updateDocumentBatch(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: UpdateDocumentBatchRequest,
): Promise<BatchSavedReply> {
  const { documentBatchID, ...changes } = request;
  if (Object.keys(changes).length === 0) throw new BadRequestError('Nothing to change: give at least one field.');
  return numbered(request.batchNumber, () =>
    db.transaction(async (tx) => {
      const [batch] = await tx.query<{ groupID: number }>(
        'SELECT group_id AS "groupID" FROM document_batches WHERE document_batch_id = $1 AND practice_id = ANY($2::bigint[]) FOR UPDATE',
        [documentBatchID, scope.practiceIds],
      );
      if (!batch) throw new NotFoundError('Document batch not found.');
      await checkAssignee(tx, request.assignedUserID, batch.groupID);
      if (request.batchNumber !== undefined) {
        const [taken] = await tx.query(
          'SELECT 1 FROM document_batches WHERE group_id = $1 AND batch_number = $2 AND document_batch_id <> $3',
          [batch.groupID, request.batchNumber, documentBatchID],
        );
        if (taken) throw batchNumberTaken(request.batchNumber);
      }
      await tx.query(
        `UPDATE document_batches SET batch_number = coalesce($2, batch_number), batch_type = coalesce($3, batch_type), description = CASE WHEN $4 THEN $5::text ELSE description END,
                assigned_user_id = CASE WHEN $6 THEN $7::bigint ELSE assigned_user_id END, status = coalesce($8, status)
          WHERE document_batch_id = $1`,
        [
          documentBatchID,
          request.batchNumber ?? null,
          request.batchType ?? null,
          'description' in changes,
          request.description ?? null,
          'assignedUserID' in changes,
          request.assignedUserID ?? null,
          request.status ?? null,
        ],
      );
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'batches.document.update',
        recordType: 'document_batch',
        recordId: documentBatchID,
        source: actor.source,
        ip: actor.ip,
        detail: { changed: Object.keys(changes) },
      });
      return { message: BATCH_UPDATED, pkid: documentBatchID, documents: [] };
    }),
  );
}

export async function documentBatchDetail(
  q: Queryable,
  scope: DataScope,
  documentBatchID: number,
): Promise<DocumentBatchDetailReply> {
  const [batch] = await q.query<DocumentBatch>(
    `SELECT db.document_batch_id AS "documentBatchID", db.group_id AS "groupID", db.practice_id AS "practiceID", p.name AS "practiceName", db.batch_number AS "batchNumber",
            db.batch_type AS "batchType", db.description, db.status, db.assigned_user_id AS "assignedUserID", ${ASSIGNEE_NAME} AS "assignedTo",
            (SELECT count(*)::int FROM documents d WHERE d.document_batch_id = db.document_batch_id AND d.active) AS documents, ${isoText('db.created_at')} AS "createdAt"
       FROM document_batches db JOIN practices p ON p.practice_id = db.practice_id LEFT JOIN users au ON au.user_id = db.assigned_user_id
      WHERE db.document_batch_id = $1 AND db.practice_id = ANY($2::bigint[])`,
    [documentBatchID, scope.practiceIds],
  );
  if (!batch) throw new NotFoundError('Document batch not found.');
  return { batch, documents: await batchDocumentRows(q, 'document', documentBatchID) };
}
