import {
  changeEAttachmentReplySchema,
  claimDocumentsReplySchema,
  deleteDocumentReplySchema,
  safeFileName,
  saveClaimDocumentReplySchema,
  uploadDocumentReplySchema,
  type ChangeEAttachmentReply,
  type ClaimDocument,
  type ClaimDocumentsReply,
  type DeleteDocumentReply,
  type SaveClaimDocumentReply,
  type SaveClaimDocumentRequest,
  type UploadDocumentReply,
  type UploadDocumentRequest,
} from '../../contract/documents.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';
import { fetchFile } from './fileCall.ts';

const uploadCall: ApiCall<UploadDocumentReply> = { controller: 'Claims', name: 'uploadClaimDocument', reply: uploadDocumentReplySchema };
const listCall: ApiCall<ClaimDocumentsReply> = { controller: 'Patient', name: 'getClaimDocuments', reply: claimDocumentsReplySchema };
const deleteCall: ApiCall<DeleteDocumentReply> = { controller: 'Claims', name: 'deleteDocument', reply: deleteDocumentReplySchema };
const saveCall: ApiCall<SaveClaimDocumentReply> = { controller: 'Patient', name: 'saveClaimDocument', reply: saveClaimDocumentReplySchema };
const eAttachCall: ApiCall<ChangeEAttachmentReply> = { controller: 'Claims', name: 'changeDocumentEAttachment', reply: changeEAttachmentReplySchema };

export function uploadClaimDocument(body: UploadDocumentRequest, options?: CallOptions): Promise<UploadDocumentReply> {
  return callApi(uploadCall, body, options);
}

export async function getClaimDocuments(claimID: number, options?: CallOptions): Promise<ClaimDocument[]> {
  return (await callApi(listCall, { claimID }, options)).documents;
}

export function deleteDocument(documentID: number, options?: CallOptions): Promise<DeleteDocumentReply> {
  return callApi(deleteCall, { documentID }, options);
}

export function changeDocumentEAttachment(documentID: number, eAttached: boolean, options?: CallOptions): Promise<ChangeEAttachmentReply> {
  return callApi(eAttachCall, { documentID, eAttached }, options);
}

/** Replaces the document's tags (and its category when given). */
export function saveClaimDocument(body: SaveClaimDocumentRequest, options?: CallOptions): Promise<SaveClaimDocumentReply> {
  return callApi(saveCall, body, options);
}

/** The document's bytes, named as the server's content-disposition names it. */
export async function fetchDocument(document: Pick<ClaimDocument, 'documentID' | 'fileName' | 'mimeType'>, options?: CallOptions): Promise<{ blob: Blob; fileName: string }> {
  const blob = await fetchFile('Claims', 'downloadFile', { documentID: document.documentID }, options);
  return { blob: blob.type === document.mimeType ? blob : new Blob([blob], { type: document.mimeType }), fileName: safeFileName(document.fileName) };
}
