import {
  type MedicalCase,
  type MedicalCaseDetail,
  type MedicalCaseDetailQuery,
  type MedicalCaseMessageReply,
  type SaveMedicalCaseReply,
  type SaveMedicalCaseRequest,
  type UpdateMedicalCaseRequest,
} from '../../contract/medicalCases.ts';
import type {
  CaseType,
  LinkableClaimsQuery,
  LinkableClaimsReply,
  OpenMedicalCaseQuery,
  OpenMedicalCaseReply,
} from '../../contract/medicalCaseLookups.ts';
import { callApi, type CallOptions } from './client.ts';
import { MedicalCase as MedicalCaseCalls } from '../../contract/calls/medicalCase.ts';

export async function getPatientMedicalCases(patientID: number, options?: CallOptions): Promise<MedicalCase[]> {
  return (await callApi(MedicalCaseCalls.getPatientMedicalCases, { patientID }, options)).medicalCases;
}

/** The reply's message is the spec's "Successfully Added Medical Case {id}". */
export function saveMedicalCase(body: SaveMedicalCaseRequest, options?: CallOptions): Promise<SaveMedicalCaseReply> {
  return callApi(MedicalCaseCalls.saveMedicalCase, body, options);
}

export function linkMedicalCaseWithClaims(
  medicalCaseID: number,
  claimIDS: number[],
  options?: CallOptions,
): Promise<MedicalCaseMessageReply> {
  return callApi(MedicalCaseCalls.linkMedicalCaseWithClaims, { medicalCaseID, claimIDS }, options);
}

export function unlinkMedicalCase(claimID: number, options?: CallOptions): Promise<MedicalCaseMessageReply> {
  return callApi(MedicalCaseCalls.unlinkMedicalCase, { claimID }, options);
}

/** The case with its claims; by a claim, null when the claim is in no case. */
export async function getMedicalCaseDetail(
  query: MedicalCaseDetailQuery,
  options?: CallOptions,
): Promise<MedicalCaseDetail | null> {
  return (await callApi(MedicalCaseCalls.getMedicalCaseDetailByID, query, options)).medicalCase;
}

export function updateMedicalCase(
  body: UpdateMedicalCaseRequest,
  options?: CallOptions,
): Promise<MedicalCaseMessageReply> {
  return callApi(MedicalCaseCalls.updateMedicalCase, body, options);
}

/** Refused (400, with the count) while claims are linked to the case. */
export function deleteMedicalCase(medicalCaseID: number, options?: CallOptions): Promise<MedicalCaseMessageReply> {
  return callApi(MedicalCaseCalls.deleteMedicalCase, { medicalCaseID }, options);
}

/** The case types a new case picks from: the standard ones, then the group's own, with their counts. */
export async function getMedicalCaseLookups(patientID?: number, options?: CallOptions): Promise<CaseType[]> {
  return (await callApi(MedicalCaseCalls.getMedicalCaseLookups, patientID === undefined ? {} : { patientID }, options))
    .caseTypes;
}

/** The patient's claims not in the case (with the case each is in now), newest service first. */
export function getLinkableClaimsForMedicalCase(
  query: LinkableClaimsQuery,
  options?: CallOptions,
): Promise<LinkableClaimsReply> {
  return callApi(MedicalCaseCalls.getLinkableClaimsForMedicalCase, query, options);
}

/** The patient's case open on the claim's first day that the claim belongs in, or null. */
export function getOpenMedicalCaseForClaim(
  query: OpenMedicalCaseQuery,
  options?: CallOptions,
): Promise<OpenMedicalCaseReply> {
  return callApi(MedicalCaseCalls.getOpenMedicalCaseForClaim, query, options);
}
