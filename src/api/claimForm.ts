import {
  type ClaimInfoReply,
  type CodeHit,
  type FacilitiesReply,
  type PatientCoveragesReply,
  type SaveClaimFormReply,
  type SaveClaimFormRequest,
} from '../../contract/claimForm.ts';
import { type CptFeeReply } from '../../contract/claimEdit.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** The whole claim (new when there is no claimID), its diagnoses and lines, in one transaction on the server. */
export function saveClaimForm(body: SaveClaimFormRequest, options?: CallOptions): Promise<SaveClaimFormReply> {
  return callApi(AddEditClaim.saveClaimForm, body, options);
}

/** The claim with every field and line column, and why it is read-only when it is. */
export function getClaimInfoData(claimID: number, options?: CallOptions): Promise<ClaimInfoReply> {
  return callApi(Claims.getClaimInfoData, { claimID }, options);
}

export function getPatientInsurance(patientID: number, options?: CallOptions): Promise<PatientCoveragesReply> {
  return callApi(Repository.getPatientInsurance, { patientID }, options);
}

export async function getFacilities(practiceID: number, options?: CallOptions): Promise<FacilitiesReply['facilities']> {
  return (await callApi(Repository.getFacilities, { practiceID }, options)).facilities;
}

export async function searchIcdCodes(
  searchValue: string,
  dos: string | undefined,
  options?: CallOptions,
): Promise<CodeHit[]> {
  return (await callApi(Repository.getICDCodes, { searchValue, ...(dos ? { dos } : {}) }, options)).codes;
}

export async function searchProcedureCodes(
  searchValue: string,
  practiceID: number | undefined,
  options?: CallOptions,
): Promise<CodeHit[]> {
  return (await callApi(Repository.getCPTCodes, { searchValue, ...(practiceID ? { practiceID } : {}) }, options)).codes;
}

/** Where a fee is asked for: a stored claim; a new one by its facility and/or its coverage. */
export type FeePlace = { claimID: number } | { facilityID: number | null; patientInsuranceID: number | null };

/** The fee of one unit: for a stored claim by its id; for a new one by its facility's (or patient's) practice and the coverage's payer. */
export function getFormFee(
  where: FeePlace,
  cptCode: string,
  modifierCode: string,
  options?: CallOptions,
): Promise<CptFeeReply> {
  const place =
    'claimID' in where
      ? { claimID: where.claimID }
      : {
          ...(where.facilityID === null ? {} : { facilityID: where.facilityID }),
          ...(where.patientInsuranceID === null ? {} : { patientInsuranceID: where.patientInsuranceID }),
        };
  return callApi(AddEditClaim.getCPTFee, { ...place, cptCode, ...(modifierCode ? { modifierCode } : {}) }, options);
}
