/** The calls of a patient's own documents, spread into the Patient controller. */
import { post, get } from '../call.ts';
import { uploadDocumentReplySchema } from '../documents.ts';
import {
  patientDocumentsQuerySchema,
  patientDocumentsReplySchema,
  uploadPatientDocumentRequestSchema,
} from '../patientDocuments.ts';

export const patientDocumentCalls = {
  uploadPatientDocument: post('PATIENTS', {
    input: uploadPatientDocumentRequestSchema,
    reply: uploadDocumentReplySchema,
  }),
  getDocumentData: get('PATIENTS', { input: patientDocumentsQuerySchema, reply: patientDocumentsReplySchema }),
};
