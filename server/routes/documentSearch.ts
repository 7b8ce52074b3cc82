import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import {
  documentBatchDocuments,
  documentPage,
  documentProfile,
  documentSearch,
} from '../services/documents/documentSearch.ts';
import { Batches } from '../../contract/calls/batches.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** Documents across the data role: the search, a document's profile, a batch's files, and a document shown as a page. */
export function documentSearchRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Batches.getDocumentSearchData, {
    handler: async (input, context) => context.data.inScope(documentSearch)(input),
  });

  defineCall(app, deps, Batches.getDocumentProfile, {
    handler: async (input, context) => context.data.inScope(documentProfile)(input.documentID),
  });

  defineCall(app, deps, Batches.getDocumentData, {
    handler: async (input, context) => context.data.inScope(documentBatchDocuments)(input),
  });

  defineCall(app, deps, Repository.getDocumentPage, {
    handler: async (input, context) => context.data.run(documentPage)(input.documentID),
  });
}
