import type { FastifyInstance } from 'fastify';
import { MAX_DOCUMENT_BYTES, safeFileName } from '../../contract/documents.ts';
import { listPatientDocuments, uploadPatientDocument } from '../services/documents/patientDocuments.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import {
  changeDocumentEAttachment,
  deleteDocument,
  documentTags,
  listClaimDocuments,
  readDocument,
  saveClaimDocument,
  uploadClaimDocument,
} from '../services/documents/claimDocuments.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Patient } from '../../contract/calls/patient.ts';

/** The largest file as base64 (4 characters per 3 bytes) plus room for the other fields. */
const UPLOAD_BODY_LIMIT = Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4 + 64 * 1024;

/** A claim's documents (attach, list, download, delete, mark for e-attachment, tags and category) and a patient's own. */
export function documentRoutes(app: FastifyInstance, deps: AuthDeps): void {
  // defineCall takes no route options, so the upload alone is given a body limit above the
  // server's, large enough for the file size the contract promises.
  const uploadUrls = new Set([`/api${Claims.uploadClaimDocument.path}`, `/api${Patient.uploadPatientDocument.path}`]);
  app.addHook('onRoute', (route) => {
    if (uploadUrls.has(route.url)) route.bodyLimit = UPLOAD_BODY_LIMIT;
  });

  defineCall(app, deps, Claims.uploadClaimDocument, {
    handler: async (input, context) => context.data.run(uploadClaimDocument)(input, deps.now()),
  });

  defineCall(app, deps, Patient.uploadPatientDocument, {
    handler: async (input, context) => context.data.run(uploadPatientDocument)(input, deps.now()),
  });

  defineCall(app, deps, Patient.getDocumentData, {
    handler: async (input, context) => context.data.run(listPatientDocuments)(input),
  });

  defineCall(app, deps, Patient.getClaimDocuments, {
    handler: async (input, context) => context.data.run(listClaimDocuments)(input),
  });

  defineCall(app, deps, Claims.downloadFile, {
    handler: async (input, context, _request, reply) => {
      const document = await context.data.run(readDocument)(input.documentID, 'file');
      return reply
        .type(document.mimeType)
        .header('content-disposition', `attachment; filename="${safeFileName(document.fileName)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(document.contentBase64, 'base64'));
    },
  });

  defineCall(app, deps, Claims.downloadFilesBase64, {
    handler: async (input, context) => context.data.run(readDocument)(input.documentID, 'base64'),
  });

  defineCall(app, deps, Claims.deleteDocument, {
    handler: async (input, context) => context.data.run(deleteDocument)(input.documentID, deps.now()),
  });

  defineCall(app, deps, Claims.changeDocumentEAttachment, {
    handler: async (input, context) => context.data.run(changeDocumentEAttachment)(input.documentID, input.eAttached),
  });

  defineCall(app, deps, Patient.saveClaimDocument, {
    handler: async (input, context) => context.data.run(saveClaimDocument)(input, deps.now()),
  });

  defineCall(app, deps, Claims.getDocumentTags, {
    handler: async (_input, context) => context.data.run(documentTags)(),
  });
}
