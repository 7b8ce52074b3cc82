/**
 * Documents across the data role, whatever they hang on: a batch's scanned files, a claim's
 * attachments, a patient's own. A document is visible through what it hangs on (the claim's,
 * the batch's or the patient's practice), so one the user could not reach that way is unknown.
 * A document is a page of its set (its batch's files, its claim's, its patient's own), oldest first.
 */
import type {
  DocumentBatchDocumentsInput,
  DocumentBatchDocumentsReply,
  DocumentOwner,
  DocumentPageReply,
  DocumentPlace,
  DocumentProfileReply,
  DocumentRow,
  DocumentSearchInput,
  DocumentSearchReply,
} from '../../../contract/documentSearch.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

const OWNER = `CASE WHEN d.claim_id IS NOT NULL THEN 'claim' WHEN d.document_batch_id IS NOT NULL THEN 'documentBatch'
  WHEN d.charge_batch_id IS NOT NULL THEN 'chargeBatch' WHEN d.payment_batch_id IS NOT NULL THEN 'paymentBatch' ELSE 'patient' END`;
const BATCH_NUMBER = 'coalesce(db.batch_number, cb.batch_number, pb.batch_number)';
const PATIENT_NAME = `nullif(concat_ws(', ', pt.last_name, pt.first_name), '')`;

const FROM = `FROM documents d
  LEFT JOIN claims c ON c.claim_id = d.claim_id
  LEFT JOIN patients pt ON pt.patient_id = coalesce(d.patient_id, c.patient_id)
  LEFT JOIN document_batches db ON db.document_batch_id = d.document_batch_id
  LEFT JOIN charge_batches cb ON cb.charge_batch_id = d.charge_batch_id
  LEFT JOIN payment_batches pb ON pb.payment_batch_id = d.payment_batch_id
  LEFT JOIN document_categories dc ON dc.category_id = d.category_id
  LEFT JOIN users u ON u.user_id = d.created_by`;

/** The practice a document is seen through: its claim's, else its batch's, else its patient's. */
const VISIBLE = (practices: string) =>
  `d.active AND coalesce(c.practice_id, db.practice_id, cb.practice_id, pb.practice_id, pt.practice_id) = ANY(${practices}::bigint[])`;

const COLUMNS = `d.document_id AS "documentID", d.file_name AS "fileName", d.mime_type AS "mimeType", d.size_bytes AS "sizeBytes",
  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "uploadedAt",
  nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "uploadedBy",
  ${OWNER} AS owner,
  CASE ${OWNER} WHEN 'claim' THEN 'Claim ' || d.claim_id WHEN 'patient' THEN coalesce(${PATIENT_NAME}, 'Patient') ELSE ${BATCH_NUMBER} END AS "ownerLabel",
  d.document_batch_id AS "documentBatchID", ${BATCH_NUMBER} AS "batchNumber", db.batch_type AS "batchType",
  d.claim_id AS "claimID", pt.patient_id AS "patientID", ${PATIENT_NAME} AS "patientName", dc.name AS category`;

const SORTS: Record<DocumentSearchInput['sortBy'], string> = {
  uploadedAt: 'd.created_at',
  fileName: 'lower(d.file_name)',
  batchNumber: BATCH_NUMBER,
  sizeBytes: 'd.size_bytes',
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

type Counted = DocumentRow & { totalCount: number };
const uncounted = (rows: Counted[]): DocumentRow[] => rows.map(({ totalCount: _total, ...row }) => row);

/** Batches/getDocumentSearchData: the data role's documents matching the filters, one page. */
export async function documentSearch(
  q: Queryable,
  scope: DataScope,
  input: DocumentSearchInput,
): Promise<DocumentSearchReply> {
  const direction = input.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const rows = await q.query<Counted>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS "totalCount" ${FROM}
      WHERE ${VISIBLE('$1')}
        AND ($2::text IS NULL OR d.file_name ILIKE '%' || $2 || '%' OR ${BATCH_NUMBER} ILIKE '%' || $2 || '%')
        AND ($3::text IS NULL OR ${OWNER} = $3)
        AND ($4::bigint IS NULL OR d.document_batch_id = $4)
        AND ($5::bigint IS NULL OR d.claim_id = $5)
        AND ($6::bigint IS NULL OR pt.patient_id = $6)
        AND ($7::date IS NULL OR d.created_at >= ($7::date)::timestamp AT TIME ZONE 'UTC')
        AND ($8::date IS NULL OR d.created_at < ($8::date + 1)::timestamp AT TIME ZONE 'UTC')
      ORDER BY ${SORTS[input.sortBy]} ${direction} NULLS LAST, d.document_id ${direction}
      LIMIT $9 OFFSET $10`,
    [
      scope.practiceIds,
      input.searchValue ? escapeLike(input.searchValue) : null,
      input.owner ?? null,
      input.documentBatchID ?? null,
      input.claimID ?? null,
      input.patientID ?? null,
      input.fromDate ?? null,
      input.toDate ?? null,
      input.pageSize,
      (input.pageNumber - 1) * input.pageSize,
    ],
  );
  return {
    rows: uncounted(rows),
    totalCount: rows[0]?.totalCount ?? 0,
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
}

/** Batches/getDocumentData: a document batch's files in upload order, one page. */
export async function documentBatchDocuments(
  q: Queryable,
  scope: DataScope,
  input: DocumentBatchDocumentsInput,
): Promise<DocumentBatchDocumentsReply> {
  const [batch] = await q.query<{ batchNumber: string; batchType: string }>(
    `SELECT batch_number AS "batchNumber", batch_type AS "batchType" FROM document_batches
      WHERE document_batch_id = $1 AND practice_id = ANY($2::bigint[])`,
    [input.documentBatchID, scope.practiceIds],
  );
  if (!batch) throw new NotFoundError('Document batch not found.');
  const rows = await q.query<Counted>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS "totalCount" ${FROM}
      WHERE d.active AND d.document_batch_id = $1
      ORDER BY d.document_id LIMIT $2 OFFSET $3`,
    [input.documentBatchID, input.pageSize, (input.pageNumber - 1) * input.pageSize],
  );
  return {
    documentBatchID: input.documentBatchID,
    ...batch,
    rows: uncounted(rows),
    totalCount: rows[0]?.totalCount ?? 0,
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
}

interface Found extends DocumentRow {
  tags: string[];
  eAttached: boolean;
  batchStatus: string | null;
  batchDescription: string | null;
  chargeBatchID: number | null;
  paymentBatchID: number | null;
}

async function visibleDocument(q: Queryable, scope: DataScope, documentID: number): Promise<Found> {
  const [found] = await q.query<Found>(
    `SELECT ${COLUMNS}, d.tags, d.e_attached AS "eAttached", db.status AS "batchStatus", db.description AS "batchDescription",
            d.charge_batch_id AS "chargeBatchID", d.payment_batch_id AS "paymentBatchID"
       ${FROM} WHERE d.document_id = $2 AND ${VISIBLE('$1')}`,
    [scope.practiceIds, documentID],
  );
  if (!found) throw new NotFoundError('Document not found.');
  return found;
}

/** The documents of the same set, as the column that names it and its value. */
function setOf(found: Found): { where: string; value: number | null } {
  const sets: Record<DocumentOwner, { where: string; value: number | null }> = {
    claim: { where: 'claim_id = $1', value: found.claimID },
    documentBatch: { where: 'document_batch_id = $1 AND claim_id IS NULL', value: found.documentBatchID },
    chargeBatch: { where: 'charge_batch_id = $1 AND claim_id IS NULL', value: found.chargeBatchID },
    paymentBatch: { where: 'payment_batch_id = $1 AND claim_id IS NULL', value: found.paymentBatchID },
    patient: {
      where:
        'patient_id = $1 AND claim_id IS NULL AND document_batch_id IS NULL AND charge_batch_id IS NULL AND payment_batch_id IS NULL',
      value: found.patientID,
    },
  };
  return sets[found.owner];
}

async function placeOf(q: Queryable, found: Found): Promise<DocumentPlace> {
  const set = setOf(found);
  const [place] = await q.query<DocumentPlace>(
    `SELECT "pageNumber", "pageCount", "previousDocumentID", "nextDocumentID" FROM (
       SELECT document_id, (row_number() OVER w)::int AS "pageNumber", count(*) OVER ()::int AS "pageCount",
              lag(document_id) OVER w AS "previousDocumentID", lead(document_id) OVER w AS "nextDocumentID"
         FROM documents WHERE active AND ${set.where} WINDOW w AS (ORDER BY document_id)) pages
      WHERE document_id = $2`,
    [set.value, found.documentID],
  );
  return place ?? { pageNumber: 1, pageCount: 1, previousDocumentID: null, nextDocumentID: null };
}

/** Batches/getDocumentProfile: one document, what it hangs on, and its place among its set's pages. */
export async function documentProfile(
  q: Queryable,
  scope: DataScope,
  documentID: number,
): Promise<DocumentProfileReply> {
  const found = await visibleDocument(q, scope, documentID);
  const {
    tags,
    eAttached,
    batchStatus,
    batchDescription,
    chargeBatchID: _charge,
    paymentBatchID: _payment,
    ...document
  } = found;
  return { document, tags, eAttached, batchStatus, batchDescription, place: await placeOf(q, found) };
}

/**
 * Repository/getDocumentPage: the document's bytes to show as a page, with the pages beside it.
 * Showing a file is a read of its content: audited as a view of the document, as a download is.
 */
export async function documentPage(
  db: Db,
  actor: Actor,
  scope: DataScope,
  documentID: number,
): Promise<DocumentPageReply> {
  const found = await visibleDocument(db, scope, documentID);
  const [content] = await db.query<{ contentBase64: string }>(
    `SELECT encode(content, 'base64') AS "contentBase64" FROM documents WHERE document_id = $1`,
    [documentID],
  );
  if (!content) throw new NotFoundError('Document not found.');
  await writeReadAudit(db, {
    userId: actor.userId,
    action: 'documents.view',
    recordType: 'document',
    recordId: documentID,
    source: actor.source,
    ip: actor.ip,
    detail: { owner: found.owner, ...(found.claimID === null ? {} : { claimID: found.claimID }) },
  });
  return {
    documentID,
    fileName: found.fileName,
    mimeType: found.mimeType,
    // encode() breaks base64 into 76-character lines.
    contentBase64: content.contentBase64.replace(/\s+/g, ''),
    owner: found.owner,
    ownerLabel: found.ownerLabel,
    place: await placeOf(db, found),
  };
}
