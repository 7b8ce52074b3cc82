import {
  medicalCaseMessageReplySchema,
  patientMedicalCasesReplySchema,
  saveMedicalCaseReplySchema,
  type MedicalCase,
  type MedicalCaseMessageReply,
  type PatientMedicalCasesReply,
  type SaveMedicalCaseReply,
  type SaveMedicalCaseRequest,
} from '../../contract/medicalCases.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const casesCall: ApiCall<PatientMedicalCasesReply> = { controller: 'MedicalCase', name: 'getPatientMedicalCases', reply: patientMedicalCasesReplySchema };
const saveCall: ApiCall<SaveMedicalCaseReply> = { controller: 'MedicalCase', name: 'saveMedicalCase', reply: saveMedicalCaseReplySchema };
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
