import {
  medicalCaseDetailReplySchema,
  medicalCaseMessageReplySchema,
  patientMedicalCasesReplySchema,
  saveMedicalCaseReplySchema,
  type MedicalCase,
  type MedicalCaseDetail,
  type MedicalCaseDetailQuery,
  type MedicalCaseDetailReply,
  type MedicalCaseMessageReply,
  type PatientMedicalCasesReply,
  type SaveMedicalCaseReply,
  type SaveMedicalCaseRequest,
  type UpdateMedicalCaseRequest,
} from '../../contract/medicalCases.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const casesCall: ApiCall<PatientMedicalCasesReply> = { controller: 'MedicalCase', name: 'getPatientMedicalCases', reply: patientMedicalCasesReplySchema };
const saveCall: ApiCall<SaveMedicalCaseReply> = { controller: 'MedicalCase', name: 'saveMedicalCase', reply: saveMedicalCaseReplySchema };
const detailCall: ApiCall<MedicalCaseDetailReply> = { controller: 'MedicalCase', name: 'getMedicalCaseDetailByID', reply: medicalCaseDetailReplySchema };
const updateCall: ApiCall<MedicalCaseMessageReply> = { controller: 'MedicalCase', name: 'updateMedicalCase', reply: medicalCaseMessageReplySchema };
const deleteCall: ApiCall<MedicalCaseMessageReply> = { controller: 'MedicalCase', name: 'deleteMedicalCase', reply: medicalCaseMessageReplySchema };
const linkCall: ApiCall<MedicalCaseMessageReply> = { controller: 'MedicalCase', name: 'linkMedicalCaseWithClaims', reply: medicalCaseMessageReplySchema };
const unlinkCall: ApiCall<MedicalCaseMessageReply> = { controller: 'MedicalCase', name: 'unlinkMedicalCase', reply: medicalCaseMessageReplySchema };

export async function getPatientMedicalCases(patientID: number, options?: CallOptions): Promise<MedicalCase[]> {
  return (await callApi(casesCall, { patientID }, options)).medicalCases;
}

/** The reply's message is the spec's "Successfully Added Medical Case {id}". */
export function saveMedicalCase(body: SaveMedicalCaseRequest, options?: CallOptions): Promise<SaveMedicalCaseReply> {
  return callApi(saveCall, body, options);
}

export function linkMedicalCaseWithClaims(medicalCaseID: number, claimIDS: number[], options?: CallOptions): Promise<MedicalCaseMessageReply> {
  return callApi(linkCall, { medicalCaseID, claimIDS }, options);
}

export function unlinkMedicalCase(claimID: number, options?: CallOptions): Promise<MedicalCaseMessageReply> {
  return callApi(unlinkCall, { claimID }, options);
}

/** The case with its claims; by a claim, null when the claim is in no case. */
export async function getMedicalCaseDetail(query: MedicalCaseDetailQuery, options?: CallOptions): Promise<MedicalCaseDetail | null> {
  return (await callApi(detailCall, query, options)).medicalCase;
}

export function updateMedicalCase(body: UpdateMedicalCaseRequest, options?: CallOptions): Promise<MedicalCaseMessageReply> {
  return callApi(updateCall, body, options);
}

/** Refused (400, with the count) while claims are linked to the case. */
export function deleteMedicalCase(medicalCaseID: number, options?: CallOptions): Promise<MedicalCaseMessageReply> {
  return callApi(deleteCall, { medicalCaseID }, options);
}
