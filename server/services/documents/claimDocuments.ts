import {
  DOCUMENT_DELETED,
  DOCUMENT_SAVED,
  DOCUMENT_UPLOADED,
  type ChangeEAttachmentReply,
  type ClaimDocument,
  type ClaimDocumentsReply,
  type DeleteDocumentReply,
  type DocumentBase64Reply,
  type DocumentTagsReply,
  type SaveClaimDocumentReply,
  type UploadDocumentReply,
} from '../../../contract/documents.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { recordClaimEvent } from '../claims/claimEditing.ts';
import { checkedFile, cleanTags, type DocumentFile } from './documentFile.ts';
import type { Actor } from '../context.ts';

export interface UploadDocument extends DocumentFile {
  claimID: number;
}

/**
 * A claim document is visible through its claim: the claim's practice must be in the data role,
 * so a document of a claim the user cannot open is as unknown to them as the claim.
 */
function inScope(practices: string): string {
  return `d.active AND d.claim_id IS NOT NULL AND c.practice_id = ANY(${practices}::bigint[])`;
}
const IN_SCOPE = inScope('$2');

const DOCUMENT_COLUMNS = `d.document_id AS "documentID", d.file_name AS "fileName", d.mime_type AS "mimeType", d.size_bytes AS "sizeBytes",
  d.category_id AS "categoryID", dc.name AS category, d.tags, d.e_attached AS "eAttached",
  nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "uploadedBy",
  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "uploadedAt"`;

const DOCUMENT_FROM = `FROM documents d
  JOIN claims c ON c.claim_id = d.claim_id
  LEFT JOIN document_categories dc ON dc.category_id = d.category_id
  LEFT JOIN users u ON u.user_id = d.created_by`;

function audit(
  q: Queryable,
  actor: Actor,
  action: string,
  documentID: number,
  detail: Record<string, unknown>,
): Promise<void> {
  return writeAudit(q, {
    userId: actor.userId,
    action,
    recordType: 'document',
    recordId: documentID,
    source: actor.source,
    ip: actor.ip,
    detail,
  });
}

/** Stores the file on the claim, in the claim's group. Refusals change nothing. */
export async function uploadClaimDocument(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: UploadDocument,
  now: Date,
): Promise<UploadDocumentReply> {
  const [claim] = await db.query<{ groupID: number }>(
    'SELECT p.group_id AS "groupID" FROM claims c JOIN practices p ON p.practice_id = c.practice_id WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[])',
    [input.claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  const { mimeType, content, tags } = await checkedFile(db, input);
  return db.transaction(async (tx) => {
    // decode() on the server side keeps the bytes identical on both engines' drivers.
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO documents (group_id, claim_id, category_id, file_name, mime_type, size_bytes, content, tags, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'base64'), $8::text[], $9, $10) RETURNING document_id AS id`,
      [
        claim.groupID,
        input.claimID,
        input.categoryID ?? null,
        input.fileName,
        mimeType,
        content.length,
        content.toString('base64'),
        tags,
        actor.userId,
        now,
      ],
    );
    if (!row) throw new Error('The document was not stored.');
    await audit(tx, actor, 'documents.upload', row.id, {
      claimID: input.claimID,
      fileName: input.fileName,
      mimeType,
      sizeBytes: content.length,
    });
    await recordClaimEvent(
      tx,
      actor,
      input.claimID,
      'document uploaded',
      { documentID: row.id, fileName: input.fileName },
      now,
    );
    return { message: DOCUMENT_UPLOADED, documentID: row.id };
  });
}

/** The claim's documents, newest first, without their content. */
export async function listClaimDocuments(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  query: { claimID: number; groupID?: number | undefined; categoryID?: number | undefined },
): Promise<ClaimDocumentsReply> {
  const [claim] = await q.query('SELECT 1 FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])', [
    query.claimID,
    scope.practiceIds,
  ]);
  if (!claim) throw new NotFoundError();
  const documents = await q.query<ClaimDocument>(
    `SELECT ${DOCUMENT_COLUMNS} ${DOCUMENT_FROM}
      WHERE d.claim_id = $1 AND ${IN_SCOPE} AND ($3::bigint IS NULL OR d.group_id = $3) AND ($4::smallint IS NULL OR d.category_id = $4)
      ORDER BY d.created_at DESC, d.document_id DESC`,
    [query.claimID, scope.practiceIds, query.groupID ?? null, query.categoryID ?? null],
  );
  await writeAudit(q, {
    userId: actor.userId,
    action: 'documents.list',
    recordType: 'claim',
    recordId: query.claimID,
    source: actor.source,
    ip: actor.ip,
    detail: { count: documents.length },
  });
  return { claimID: query.claimID, documents };
}

/** One document with its content; the read is audited since a document carries patient data. */
export async function readDocument(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  documentID: number,
  as: 'file' | 'base64',
): Promise<DocumentBase64Reply> {
  // A patient's own document (no claim) is seen through the patient's practice.
  const [document] = await q.query<DocumentBase64Reply & { claimID: number | null; patientID: number | null }>(
    `SELECT d.document_id AS "documentID", d.claim_id AS "claimID", d.patient_id AS "patientID", d.file_name AS "fileName", d.mime_type AS "mimeType", encode(d.content, 'base64') AS "contentBase64"
       FROM documents d LEFT JOIN claims c ON c.claim_id = d.claim_id LEFT JOIN patients p ON p.patient_id = d.patient_id
      WHERE d.document_id = $1 AND d.active
        AND (${IN_SCOPE} OR (d.claim_id IS NULL AND p.practice_id = ANY($2::bigint[])))`,
    [documentID, scope.practiceIds],
  );
  if (!document) throw new NotFoundError();
  await audit(q, actor, 'documents.download', documentID, {
    ...(document.claimID === null ? { patientID: document.patientID } : { claimID: document.claimID }),
    as,
  });
  // encode() breaks base64 into 76-character lines.
  return {
    documentID,
    fileName: document.fileName,
    mimeType: document.mimeType,
    contentBase64: document.contentBase64.replace(/\s+/g, ''),
  };
}

async function lockDocument(
  q: Queryable,
  scope: DataScope,
  documentID: number,
): Promise<{ claimID: number; fileName: string; eAttached: boolean }> {
  const [document] = await q.query<{ claimID: number; fileName: string; eAttached: boolean }>(
    `SELECT d.claim_id AS "claimID", d.file_name AS "fileName", d.e_attached AS "eAttached"
       FROM documents d JOIN claims c ON c.claim_id = d.claim_id
      WHERE d.document_id = $1 AND ${IN_SCOPE} FOR UPDATE OF d`,
    [documentID, scope.practiceIds],
  );
  if (!document) throw new NotFoundError();
  return document;
}

/** Soft: the row stays for the audit trail, hidden from every list and download. */
export async function deleteDocument(
  db: Db,
  actor: Actor,
  scope: DataScope,
  documentID: number,
  now: Date,
): Promise<DeleteDocumentReply> {
  return db.transaction(async (tx) => {
    const document = await lockDocument(tx, scope, documentID);
    await tx.query('UPDATE documents SET active = false WHERE document_id = $1', [documentID]);
    await audit(tx, actor, 'documents.delete', documentID, { claimID: document.claimID, fileName: document.fileName });
    await recordClaimEvent(
      tx,
      actor,
      document.claimID,
      'document deleted',
      { documentID, fileName: document.fileName },
      now,
    );
    return { message: DOCUMENT_DELETED, documentID };
  });
}

export async function changeDocumentEAttachment(
  db: Db,
  actor: Actor,
  scope: DataScope,
  documentID: number,
  eAttached: boolean,
): Promise<ChangeEAttachmentReply> {
  return db.transaction(async (tx) => {
    const document = await lockDocument(tx, scope, documentID);
    if (document.eAttached !== eAttached) {
      await tx.query('UPDATE documents SET e_attached = $2 WHERE document_id = $1', [documentID, eAttached]);
      await audit(tx, actor, 'documents.eAttachment', documentID, { claimID: document.claimID, eAttached });
    }
    return {
      message: eAttached ? 'Document marked for e-attachment' : 'Document no longer marked for e-attachment',
      documentID,
      eAttached,
    };
  });
}

/** New tags (and category, when given) of a document; the claim's DNA log says what they became. */
export async function saveClaimDocument(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: { documentID: number; tags: string[]; categoryID?: number | null | undefined },
  now: Date,
): Promise<SaveClaimDocumentReply> {
  const tags = cleanTags(input.tags);
  return db.transaction(async (tx) => {
    const document = await lockDocument(tx, scope, input.documentID);
    if (input.categoryID !== undefined && input.categoryID !== null) {
      const [category] = await tx.query('SELECT 1 FROM document_categories WHERE category_id = $1', [input.categoryID]);
      if (!category) throw new BadRequestError(`There is no document category ${input.categoryID}.`);
    }
    await tx.query(
      'UPDATE documents SET tags = $2::text[], category_id = CASE WHEN $3::boolean THEN $4::smallint ELSE category_id END WHERE document_id = $1',
      [input.documentID, tags, input.categoryID !== undefined, input.categoryID ?? null],
    );
    const detail = {
      documentID: input.documentID,
      fileName: document.fileName,
      tags,
      ...(input.categoryID !== undefined ? { categoryID: input.categoryID } : {}),
    };
    await audit(tx, actor, 'documents.save', input.documentID, { claimID: document.claimID, ...detail });
    await recordClaimEvent(tx, actor, document.claimID, 'document saved', detail, now);
    return { message: DOCUMENT_SAVED, documentID: input.documentID, tags };
  });
}

/** Every tag used on a document the data role can see, for picking one again. */
export async function documentTags(q: Queryable, actor: Actor, scope: DataScope): Promise<DocumentTagsReply> {
  const rows = await q.query<{ tag: string }>(
    `SELECT DISTINCT t.tag FROM documents d JOIN claims c ON c.claim_id = d.claim_id CROSS JOIN LATERAL unnest(d.tags) AS t(tag)
      WHERE ${inScope('$1')} ORDER BY t.tag`,
    [scope.practiceIds],
  );
  await writeAudit(q, {
    userId: actor.userId,
    action: 'documents.tags',
    source: actor.source,
    ip: actor.ip,
    detail: { count: rows.length },
  });
  return { tags: rows.map((row) => row.tag) };
}
