/** Documents across the data role: the search, a document's profile, a batch's files, and a document's page. */
import type {
  DocumentBatchDocumentsQuery,
  DocumentBatchDocumentsReply,
  DocumentPageReply,
  DocumentProfileReply,
  DocumentSearchQuery,
  DocumentSearchReply,
} from '../../contract/documentSearch.ts';
import { Batches } from '../../contract/calls/batches.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { callApi, type CallOptions } from './client.ts';

export function getDocumentSearchData(query: DocumentSearchQuery, options?: CallOptions): Promise<DocumentSearchReply> {
  return callApi(Batches.getDocumentSearchData, query, options);
}

export function getDocumentProfile(documentID: number, options?: CallOptions): Promise<DocumentProfileReply> {
  return callApi(Batches.getDocumentProfile, { documentID }, options);
}

/** A document batch's files in upload order, one page. */
export function getDocumentData(
  query: DocumentBatchDocumentsQuery,
  options?: CallOptions,
): Promise<DocumentBatchDocumentsReply> {
  return callApi(Batches.getDocumentData, query, options);
}

/** The document's content to show, and its place among its set's pages. */
export function getDocumentPage(documentID: number, options?: CallOptions): Promise<DocumentPageReply> {
  return callApi(Repository.getDocumentPage, { documentID }, options);
}
