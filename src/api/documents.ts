import {
  safeFileName,
  type ChangeEAttachmentReply,
  type ClaimDocument,
  type DeleteDocumentReply,
  type SaveClaimDocumentReply,
  type SaveClaimDocumentRequest,
  type UploadDocumentReply,
  type UploadDocumentRequest,
} from '../../contract/documents.ts';
import { callApi, type CallOptions } from './client.ts';
import { fetchFile } from './fileCall.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Patient } from '../../contract/calls/patient.ts';

export function uploadClaimDocument(body: UploadDocumentRequest, options?: CallOptions): Promise<UploadDocumentReply> {
  return callApi(Claims.uploadClaimDocument, body, options);
}

export async function getClaimDocuments(claimID: number, options?: CallOptions): Promise<ClaimDocument[]> {
  return (await callApi(Patient.getClaimDocuments, { claimID }, options)).documents;
}

export function deleteDocument(documentID: number, options?: CallOptions): Promise<DeleteDocumentReply> {
  return callApi(Claims.deleteDocument, { documentID }, options);
}

export function changeDocumentEAttachment(
  documentID: number,
  eAttached: boolean,
  options?: CallOptions,
): Promise<ChangeEAttachmentReply> {
  return callApi(Claims.changeDocumentEAttachment, { documentID, eAttached }, options);
}

/** Replaces the document's tags (and its category when given). */
export function saveClaimDocument(
  body: SaveClaimDocumentRequest,
  options?: CallOptions,
): Promise<SaveClaimDocumentReply> {
  return callApi(Patient.saveClaimDocument, body, options);
}

/** The document's bytes, named as the server's content-disposition names it. */
export async function fetchDocument(
  document: Pick<ClaimDocument, 'documentID' | 'fileName' | 'mimeType'>,
  options?: CallOptions,
): Promise<{ blob: Blob; fileName: string }> {
  const blob = await fetchFile(Claims.downloadFile, { documentID: document.documentID }, options);
  return {
    blob: blob.type === document.mimeType ? blob : new Blob([blob], { type: document.mimeType }),
    fileName: safeFileName(document.fileName),
  };
}
