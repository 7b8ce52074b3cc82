import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Patient } from '../../contract/calls/patient.ts';
import { Repository } from '../../contract/calls/repository.ts';
import type {
  AddCoverageRequest,
  ClaimCoveragesReply,
  Coverage,
  CoverageSavedReply,
  Guarantor,
  GuarantorSavedReply,
  InsuranceInfoReply,
  Payer,
  SaveGuarantorRequest,
  UpdateCoverageRequest,
  UpdateGuarantorRequest,
} from '../../contract/patientCoverage.ts';
import type { MessageReply } from '../../contract/auth.ts';
import { callApi, type CallOptions } from './client.ts';

/** A patient's coverages, active ones first by priority, then the inactive ones (the history). */
export async function getPatientCoverages(patientID: number, options?: CallOptions): Promise<Coverage[]> {
  return (await callApi(Patient.getPatientBasedInsurancesData, { patientID }, options)).coverages;
}

/** The payers the patient's coverage may name, searched by name or payer ID. */
export async function getPayersForPatient(
  patientID: number,
  searchValue: string | undefined,
  options?: CallOptions,
): Promise<Payer[]> {
  const query = searchValue ? { patientID, searchValue } : { patientID };
  return (await callApi(Patient.getInsuranceData, query, options)).payers;
}

export function getInsuranceInfo(options?: CallOptions): Promise<InsuranceInfoReply> {
  return callApi(Repository.getInsuranceInfo, {}, options);
}

export function getClaimCoverages(claimID: number, options?: CallOptions): Promise<ClaimCoveragesReply> {
  return callApi(AddEditClaim.getClaimPatientInsurances, { claimID }, options);
}

/** The reply's message is the spec's 'Patient Insurance Update Successfully'. */
export function addPatientCoverage(body: AddCoverageRequest, options?: CallOptions): Promise<CoverageSavedReply> {
  return callApi(Patient.AddPatientInsurance, body, options);
}

export function updatePatientCoverage(body: UpdateCoverageRequest, options?: CallOptions): Promise<CoverageSavedReply> {
  return callApi(Patient.updatePatientInsurance, body, options);
}

export function setPatientCoverageActive(
  patientInsuranceID: number,
  active: boolean,
  options?: CallOptions,
): Promise<MessageReply> {
  return callApi(Patient.updatePatientInsuranceActive, { patientInsuranceID, active }, options);
}

export async function getPatientGuarantors(patientID: number, options?: CallOptions): Promise<Guarantor[]> {
  return (await callApi(Patient.getPatientGuarantor, { patientID }, options)).guarantors;
}

/** The reply's message is the spec's 'Guarantor saved successfully'. */
export function savePatientGuarantor(body: SaveGuarantorRequest, options?: CallOptions): Promise<GuarantorSavedReply> {
  return callApi(Patient.savePatientGuarantor, body, options);
}

export function updatePatientGuarantor(
  body: UpdateGuarantorRequest,
  options?: CallOptions,
): Promise<GuarantorSavedReply> {
  return callApi(Patient.updatePatientGuarantorData, body, options);
}

export function deletePatientGuarantor(patientGuarantorID: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(Patient.deletePatientGuarantorByID, { patientGuarantorID }, options);
}
