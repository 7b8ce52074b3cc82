import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * A claim's documents: Claims/uploadClaimDocument (added beyond the catalogue: its claim document
 * save is not shown), Patient/getClaimDocuments, Claims/downloadFile (the bytes),
 * Claims/downloadFilesBase64 (the bytes as JSON), Claims/deleteDocument,
 * Claims/changeDocumentEAttachment and Claims/getDocumentTags. The content travels as base64
 * inside JSON, so an upload is one ordinary call.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const DOCUMENT_UPLOADED = 'Document Successfully uploaded';
export const DOCUMENT_DELETED = 'Document Successfully deleted';
export const UPLOAD_FAILED = 'Error: unable to upload document.';
export const DELETE_FAILED = 'Error: unable to delete document';
export const DOWNLOAD_FAILED = 'Error: unable to download document.';

/** The kinds a payer's attachment or a biller's viewer reads. */
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff', 'text/plain'] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

export const MAX_DOCUMENT_MB = 10;
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_MB * 1024 * 1024;

export function tooLargeMessage(): string {
  return `The file is larger than ${MAX_DOCUMENT_MB} MB.`;
}

export function unsupportedTypeMessage(): string {
  return 'Only PDF, PNG, JPEG, TIFF and plain text files can be attached.';
}

/** The fixed document categories (migration 0002_lookups.sql), for picking one without a call. */
export const DOCUMENT_CATEGORIES: Readonly<Record<number, string>> = {
  1: 'EOB',
  2: 'Medical Records',
  3: 'Authorization',
  4: 'Correspondence',
  5: 'Insurance Card',
  6: 'Other',
};

const tag = z.string().trim().min(1).max(40);

/** mimeType is any text here so that a wrong type gets the message above, not a schema error. */
/** The file's fields of an upload, on a claim or on a patient (patientDocuments.ts). */
export function documentFileFields() {
  return {
    fileName: z.string().trim().min(1).max(255),
    mimeType: z.string().trim().max(100),
    categoryID: id.optional(),
    tags: z.array(tag).max(20).optional(),
    contentBase64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file content is not base64.'),
  };
}

export const uploadDocumentRequestSchema = deferred(() => z.object({ claimID: id, ...documentFileFields() }).strict());
export type UploadDocumentRequest = z.input<typeof uploadDocumentRequestSchema>;

export const uploadDocumentReplySchema = deferred(() => z.object({ message: z.string(), documentID: z.number() }));
export type UploadDocumentReply = z.infer<typeof uploadDocumentReplySchema>;

export const claimDocumentsQuerySchema = deferred(() =>
  z.object({ claimID: id, groupID: id.optional(), categoryID: id.optional() }).strict(),
);

export const claimDocumentSchema = deferred(() =>
  z.object({
    documentID: z.number(),
    fileName: z.string(),
    mimeType: z.string(),
    sizeBytes: z.number(),
    categoryID: z.number().nullable(),
    category: z.string().nullable(),
    tags: z.array(z.string()),
    eAttached: z.boolean(),
    uploadedBy: z.string().nullable(),
    uploadedAt: z.string(),
  }),
);
export type ClaimDocument = z.infer<typeof claimDocumentSchema>;

export const claimDocumentsReplySchema = deferred(() =>
  z.object({ claimID: z.number(), documents: z.array(claimDocumentSchema) }),
);
export type ClaimDocumentsReply = z.infer<typeof claimDocumentsReplySchema>;

export const documentQuerySchema = deferred(() => z.object({ documentID: id }).strict());

export const documentBase64ReplySchema = deferred(() =>
  z.object({ documentID: z.number(), fileName: z.string(), mimeType: z.string(), contentBase64: z.string() }),
);
export type DocumentBase64Reply = z.infer<typeof documentBase64ReplySchema>;

export const deleteDocumentRequestSchema = deferred(() => z.object({ documentID: id }).strict());
export const deleteDocumentReplySchema = deferred(() => z.object({ message: z.string(), documentID: z.number() }));
export type DeleteDocumentReply = z.infer<typeof deleteDocumentReplySchema>;

export const changeEAttachmentRequestSchema = deferred(() =>
  z.object({ documentID: id, eAttached: z.boolean() }).strict(),
);
export const changeEAttachmentReplySchema = deferred(() =>
  z.object({ message: z.string(), documentID: z.number(), eAttached: z.boolean() }),
);
export type ChangeEAttachmentReply = z.infer<typeof changeEAttachmentReplySchema>;

/**
 * Patient/saveClaimDocument: an attached document's tags (replaced as a whole) and, when given,
 * its category (null for none). The file itself never changes: a new version is a new upload.
 */
export const saveClaimDocumentRequestSchema = deferred(() =>
  z
    .object({
      documentID: id,
      tags: z.array(tag).max(20, 'A document has at most 20 tags.'),
      categoryID: id.nullable().optional(),
    })
    .strict(),
);
export type SaveClaimDocumentRequest = z.input<typeof saveClaimDocumentRequestSchema>;
export const DOCUMENT_SAVED = 'Document Successfully saved';
export const saveClaimDocumentReplySchema = deferred(() =>
  z.object({ message: z.string(), documentID: z.number(), tags: z.array(z.string()) }),
);
export type SaveClaimDocumentReply = z.infer<typeof saveClaimDocumentReplySchema>;

export const documentTagsQuerySchema = deferred(() => z.object({}).strict());
export const documentTagsReplySchema = deferred(() => z.object({ tags: z.array(z.string()) }));
export type DocumentTagsReply = z.infer<typeof documentTagsReplySchema>;

/**
 * A file name safe inside a content-disposition header and on any disk: path parts, quotes,
 * control and non-ASCII characters go; an empty result becomes 'document'.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\x20-\x7E]/g, '_')
    .replace(/["*:<>?|;]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  return cleaned === '' ? 'document' : cleaned.slice(0, 150);
}
