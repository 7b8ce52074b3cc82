/**
 * The scanned files of a batch (EOBs, superbills, deposit slips), kept in the documents table
 * beside claim documents and linked by the batch's own column, so a batch's files are read and
 * downloaded the way any document is.
 */
import {
  BATCH_DOCUMENT_UPLOADED,
  type BatchDocumentInput,
  type BatchDocumentRow,
  type BatchKind,
  type UploadBatchDocumentRequest,
} from '../../../contract/batches.ts';
import {
  DOCUMENT_MIME_TYPES,
  MAX_DOCUMENT_BYTES,
  tooLargeMessage,
  unsupportedTypeMessage,
} from '../../../contract/documents.ts';
import type { Db, Queryable, Transaction } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { isoText } from './batchRules.ts';

export const BATCH_TABLES: Record<BatchKind, { table: string; column: string; name: string }> = {
  payment: { table: 'payment_batches', column: 'payment_batch_id', name: 'Payment batch' },
  charge: { table: 'charge_batches', column: 'charge_batch_id', name: 'Charge batch' },
  document: { table: 'document_batches', column: 'document_batch_id', name: 'Document batch' },
};

/** Decoded and checked before anything is written, so one bad file refuses the whole save. */
export function checkedFiles(
  files: readonly BatchDocumentInput[],
): { fileName: string; mimeType: string; bytes: number; base64: string }[] {
  return files.map((file) => {
    const mimeType = file.mimeType.toLowerCase();
    if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(mimeType))
      throw new BadRequestError(`${file.fileName}: ${unsupportedTypeMessage()}`);
    const content = Buffer.from(file.contentBase64, 'base64');
    if (content.length === 0) throw new BadRequestError(`${file.fileName}: the file is empty.`);
    if (content.length > MAX_DOCUMENT_BYTES) throw new BadRequestError(`${file.fileName}: ${tooLargeMessage()}`);
    return { fileName: file.fileName, mimeType, bytes: content.length, base64: content.toString('base64') };
  });
}

/** Stores the files on the batch inside the caller's transaction; returns their document ids. */
export async function storeBatchDocuments(
  tx: Transaction,
  actor: Actor,
  kind: BatchKind,
  link: { batchID: number; groupID: number },
  files: ReturnType<typeof checkedFiles>,
  now: Date,
): Promise<number[]> {
  if (files.length === 0) return [];
  const { column } = BATCH_TABLES[kind];
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO documents (group_id, ${column}, file_name, mime_type, size_bytes, content, created_by, created_at)
     SELECT $1, $2, d.file_name, d.mime_type, d.bytes, decode(d.content, 'base64'), $6, $7
       FROM unnest($3::text[], $4::text[], $5::text[], $8::int[]) WITH ORDINALITY AS d (file_name, mime_type, content, bytes, position)
      ORDER BY d.position
     RETURNING document_id AS id`,
    [
      link.groupID,
      link.batchID,
      files.map((file) => file.fileName),
      files.map((file) => file.mimeType),
      files.map((file) => file.base64),
      actor.userId,
      now,
      files.map((file) => file.bytes),
    ],
  );
  return rows.map((row) => row.id);
}

export async function batchDocumentRows(
  q: Queryable,
  kind: BatchKind,
  batchID: number,
  withInactive = false,
): Promise<BatchDocumentRow[]> {
  const { column } = BATCH_TABLES[kind];
  return q.query<BatchDocumentRow>(
    `SELECT document_id AS "documentID", file_name AS "fileName", mime_type AS "mimeType", size_bytes AS "sizeBytes", active, ${isoText('created_at')} AS "uploadedAt"
       FROM documents WHERE ${column} = $1 AND ($2 OR active) ORDER BY document_id`,
    [batchID, withInactive],
  );
}

/** uploadBatchDocument: one more file on a batch of any kind inside the data role. */
export async function uploadBatchDocument(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: UploadBatchDocumentRequest,
  now: Date,
): Promise<{ message: string; documentID: number }> {
  const files = checkedFiles([request.document]);
  const { table, column, name } = BATCH_TABLES[request.batchKind];
  return db.transaction(async (tx) => {
    const [batch] = await tx.query<{ groupID: number }>(
      `SELECT group_id AS "groupID" FROM ${table} WHERE ${column} = $1 AND practice_id = ANY($2::bigint[]) FOR UPDATE`,
      [request.batchID, scope.practiceIds],
    );
    if (!batch) throw new NotFoundError(`${name} not found.`);
    const [documentID] = await storeBatchDocuments(
      tx,
      actor,
      request.batchKind,
      { batchID: request.batchID, groupID: batch.groupID },
      files,
      now,
    );
    if (documentID === undefined) throw new Error('The batch document was not stored.');
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'batches.document',
      recordType: table,
      recordId: request.batchID,
      source: actor.source,
      ip: actor.ip,
      detail: { documentID, fileName: request.document.fileName },
    });
    return { message: BATCH_DOCUMENT_UPLOADED, documentID };
  });
}
