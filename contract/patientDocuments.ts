import { z } from 'zod';
import { claimDocumentSchema, documentFileFields } from './documents.ts';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

/**
 * A patient's own documents (an insurance card, an ID, a signed consent): Patient/uploadPatientDocument
 * stores one on the patient rather than on a claim; Patient/getDocumentData lists the patient's
 * documents, their own and those on their claims, newest first. Downloads go through
 * Claims/downloadFile and downloadFilesBase64 as a claim's do. Content travels as base64 in JSON.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
/** mimeType is any text there so that a wrong type gets the documents' own message, not a schema error. */
export const uploadPatientDocumentRequestSchema = deferred(() =>
  z.object({ patientID: id, ...documentFileFields() }).strict(),
);
export type UploadPatientDocumentRequest = z.input<typeof uploadPatientDocumentRequestSchema>;

export const patientDocumentsQuerySchema = deferred(() =>
  z.object({ patientID: id, categoryID: id.optional() }).strict(),
);
export type PatientDocumentsQuery = z.input<typeof patientDocumentsQuerySchema>;

export const patientDocumentSchema = deferred(() =>
  z.object({
    ...claimDocumentSchema.unwrap().shape,
    /** The claim the document is on; null for the patient's own. */
    claimID: z.number().nullable(),
  }),
);
export type PatientDocument = z.infer<typeof patientDocumentSchema>;

export const patientDocumentsReplySchema = deferred(() =>
  z.object({ patientID: z.number(), documents: z.array(patientDocumentSchema) }),
);
export type PatientDocumentsReply = z.infer<typeof patientDocumentsReplySchema>;
