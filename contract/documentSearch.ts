import { z } from 'zod';
import { deferred } from './deferred.ts';
import { calendarDate, numeric } from './scalars.ts';

/**
 * Documents across the data role: scanned batch files, claim attachments and a patient's own.
 * Batches/getDocumentSearchData finds them in pages, getDocumentProfile describes one,
 * getDocumentData lists a document batch's files in pages, and Repository/getDocumentPage shows
 * one document as a page of its set (its batch, its claim or its patient), with the pages beside it.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** What a document hangs on. */
export const DOCUMENT_OWNERS = ['documentBatch', 'chargeBatch', 'paymentBatch', 'claim', 'patient'] as const;
export type DocumentOwner = (typeof DOCUMENT_OWNERS)[number];
export const DOCUMENT_OWNER_NAMES: Record<DocumentOwner, string> = {
  documentBatch: 'Document batch',
  chargeBatch: 'Charge batch',
  paymentBatch: 'Payment batch',
  claim: 'Claim',
  patient: 'Patient',
};

export const DOCUMENT_SEARCH_SORTS = ['uploadedAt', 'fileName', 'batchNumber', 'sizeBytes'] as const;
export type DocumentSearchSort = (typeof DOCUMENT_SEARCH_SORTS)[number];
export const DOCUMENT_PAGE_SIZE = 25;

export const documentSearchQuerySchema = deferred(() =>
  z
    .object({
      /** A file name, or a batch number, or part of one. */
      searchValue: z.string().trim().max(100, 'A document search is at most 100 characters.').optional(),
      owner: z
        .enum(DOCUMENT_OWNERS, 'Documents hang on a documentBatch, chargeBatch, paymentBatch, claim or patient.')
        .optional(),
      documentBatchID: id.optional(),
      claimID: id.optional(),
      patientID: id.optional(),
      /** Uploaded on or after / on or before (UTC days). */
      fromDate: calendarDate().optional(),
      toDate: calendarDate().optional(),
      pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
      pageSize: numeric(z.number().int().min(1).max(200)).default(DOCUMENT_PAGE_SIZE),
      sortBy: z.enum(DOCUMENT_SEARCH_SORTS).default('uploadedAt'),
      sortDirection: z.enum(['asc', 'desc']).default('desc'),
    })
    .strict()
    .refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
      message: 'The from date is after the to date.',
      path: ['fromDate'],
    }),
);
export type DocumentSearchQuery = z.input<typeof documentSearchQuerySchema>;
export type DocumentSearchInput = z.output<typeof documentSearchQuerySchema>;

export const documentRowSchema = deferred(() =>
  z.object({
    documentID: z.number().int(),
    fileName: z.string(),
    mimeType: z.string(),
    sizeBytes: z.number().int(),
    /** ISO instant (UTC). */
    uploadedAt: z.string(),
    uploadedBy: z.string().nullable(),
    owner: z.enum(DOCUMENT_OWNERS),
    /** The batch's number for a batch's file, the claim's id or the patient's name otherwise. */
    ownerLabel: z.string(),
    documentBatchID: z.number().int().nullable(),
    batchNumber: z.string().nullable(),
    batchType: z.string().nullable(),
    claimID: z.number().int().nullable(),
    patientID: z.number().int().nullable(),
    patientName: z.string().nullable(),
    category: z.string().nullable(),
  }),
);
export type DocumentRow = z.infer<typeof documentRowSchema>;
export const documentSearchReplySchema = deferred(() =>
  z.object({
    rows: z.array(documentRowSchema),
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type DocumentSearchReply = z.infer<typeof documentSearchReplySchema>;

export const documentIDQuerySchema = deferred(() => z.object({ documentID: id }).strict());
export type DocumentIDQuery = z.input<typeof documentIDQuerySchema>;

/** Where a document sits among its set's pages (its batch's files, its claim's, its patient's), oldest first. */
export const documentPlaceSchema = deferred(() =>
  z.object({
    pageNumber: z.number().int(),
    pageCount: z.number().int(),
    previousDocumentID: z.number().int().nullable(),
    nextDocumentID: z.number().int().nullable(),
  }),
);
export type DocumentPlace = z.infer<typeof documentPlaceSchema>;

export const documentProfileReplySchema = deferred(() =>
  z.object({
    document: documentRowSchema,
    tags: z.array(z.string()),
    eAttached: z.boolean(),
    batchStatus: z.string().nullable(),
    batchDescription: z.string().nullable(),
    place: documentPlaceSchema,
  }),
);
export type DocumentProfileReply = z.infer<typeof documentProfileReplySchema>;

export const documentBatchDocumentsQuerySchema = deferred(() =>
  z
    .object({
      documentBatchID: id,
      pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
      pageSize: numeric(z.number().int().min(1).max(200)).default(DOCUMENT_PAGE_SIZE),
    })
    .strict(),
);
export type DocumentBatchDocumentsQuery = z.input<typeof documentBatchDocumentsQuerySchema>;
export type DocumentBatchDocumentsInput = z.output<typeof documentBatchDocumentsQuerySchema>;
export const documentBatchDocumentsReplySchema = deferred(() =>
  z.object({
    documentBatchID: z.number().int(),
    batchNumber: z.string(),
    batchType: z.string(),
    rows: z.array(documentRowSchema),
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type DocumentBatchDocumentsReply = z.infer<typeof documentBatchDocumentsReplySchema>;

/** Repository/getDocumentPage: the document's bytes (base64) to show, and its place among its set's pages. */
export const documentPageReplySchema = deferred(() =>
  z.object({
    documentID: z.number().int(),
    fileName: z.string(),
    mimeType: z.string(),
    contentBase64: z.string(),
    owner: z.enum(DOCUMENT_OWNERS),
    ownerLabel: z.string(),
    place: documentPlaceSchema,
  }),
);
export type DocumentPageReply = z.infer<typeof documentPageReplySchema>;
