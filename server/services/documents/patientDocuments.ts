/**
 * A patient's own documents: stored on the patient (no claim), in the patient's group, seen only
 * when the patient's practice is in the data role. The file checks are the claim documents' own
 * (documentFile.ts); a listing shows the patient's documents and those on their claims.
 */
import { DOCUMENT_UPLOADED, type UploadDocumentReply } from '../../../contract/documents.ts';
import type { PatientDocument, PatientDocumentsReply } from '../../../contract/patientDocuments.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit, writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { checkedFile, type DocumentFile } from './documentFile.ts';

export async function uploadPatientDocument(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: DocumentFile & { patientID: number },
  now: Date,
): Promise<UploadDocumentReply> {
  const [patient] = await db.query<{ groupID: number }>(
    'SELECT group_id AS "groupID" FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])',
    [input.patientID, scope.practiceIds],
  );
  if (!patient) throw new NotFoundError();
  const file = await checkedFile(db, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO documents (group_id, patient_id, category_id, file_name, mime_type, size_bytes, content, tags, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'base64'), $8::text[], $9, $10) RETURNING document_id AS id`,
      [
        patient.groupID,
        input.patientID,
        input.categoryID ?? null,
        input.fileName,
        file.mimeType,
        file.content.length,
        file.content.toString('base64'),
        file.tags,
        actor.userId,
        now,
      ],
    );
    if (!row) throw new Error('The document was not stored.');
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'documents.upload',
      recordType: 'document',
      recordId: row.id,
      source: actor.source,
      ip: actor.ip,
      detail: {
        patientID: input.patientID,
        fileName: input.fileName,
        mimeType: file.mimeType,
        sizeBytes: file.content.length,
      },
    });
    return { message: DOCUMENT_UPLOADED, documentID: row.id };
  });
}

/** The patient's documents, their own and their claims', newest first, without their content. */
export async function listPatientDocuments(
  q: ReadAuditDb & Queryable,
  actor: Actor,
  scope: DataScope,
  query: { patientID: number; categoryID?: number | undefined },
): Promise<PatientDocumentsReply> {
  const [patient] = await q.query('SELECT 1 FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])', [
    query.patientID,
    scope.practiceIds,
  ]);
  if (!patient) throw new NotFoundError();
  const documents = await q.query<PatientDocument>(
    `SELECT d.document_id AS "documentID", d.claim_id AS "claimID", d.file_name AS "fileName", d.mime_type AS "mimeType",
            d.size_bytes AS "sizeBytes", d.category_id AS "categoryID", dc.name AS category, d.tags, d.e_attached AS "eAttached",
            nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "uploadedBy",
            to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "uploadedAt"
       FROM documents d
       LEFT JOIN claims c ON c.claim_id = d.claim_id
       LEFT JOIN document_categories dc ON dc.category_id = d.category_id
       LEFT JOIN users u ON u.user_id = d.created_by
      WHERE d.active AND ($3::smallint IS NULL OR d.category_id = $3)
        AND ((d.claim_id IS NULL AND d.patient_id = $1)
          OR (c.patient_id = $1 AND c.practice_id = ANY($2::bigint[])))
      ORDER BY d.created_at DESC, d.document_id DESC`,
    [query.patientID, scope.practiceIds, query.categoryID ?? null],
  );
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'documents.list',
    recordType: 'patient',
    recordId: query.patientID,
    source: actor.source,
    ip: actor.ip,
    detail: { count: documents.length },
  });
  return {
    patientID: query.patientID,
    documents: documents.map((document) => ({
      ...document,
      claimID: document.claimID === null ? null : Number(document.claimID),
    })),
  };
}
