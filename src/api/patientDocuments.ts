import { Patient } from '../../contract/calls/patient.ts';
import type { UploadDocumentReply } from '../../contract/documents.ts';
import type { PatientDocument, UploadPatientDocumentRequest } from '../../contract/patientDocuments.ts';
import { callApi, type CallOptions } from './client.ts';

export function uploadPatientDocument(
  body: UploadPatientDocumentRequest,
  options?: CallOptions,
): Promise<UploadDocumentReply> {
  return callApi(Patient.uploadPatientDocument, body, options);
}

/** The patient's documents, their own and their claims', newest first. */
export async function getPatientDocuments(patientID: number, options?: CallOptions): Promise<PatientDocument[]> {
  return (await callApi(Patient.getDocumentData, { patientID }, options)).documents;
}
