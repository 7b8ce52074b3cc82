import {
  type CptFeeReply,
  type ProvidersReply,
  type SaveClaimReply,
  type SaveClaimRequest,
  type EditClaimReply,
  type EditClaimRequest,
  type RemoveDiagnosisReply,
  type SaveChargeReply,
  type SaveChargeRequest,
} from '../../contract/claimEdit.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Repository } from '../../contract/calls/repository.ts';

export function editClaim(body: EditClaimRequest, options?: CallOptions): Promise<EditClaimReply> {
  return callApi(AddEditClaim.editClaim, body, options);
}

/** Reply id 1 is success, 2 an error with its reason (the catalogue's convention for this call). */
export function removeDiagnosisFromClaim(
  claimID: number,
  icd: string,
  options?: CallOptions,
): Promise<RemoveDiagnosisReply> {
  return callApi(AddEditClaim.removeDiagnosisFromClaimAndCharge, { claimID, icd }, options);
}

export function saveCharge(body: SaveChargeRequest, options?: CallOptions): Promise<SaveChargeReply> {
  return callApi(AddEditClaim.saveCharge, body, options);
}

export function getCptFee(
  claimID: number,
  cptCode: string,
  modifierCode?: string,
  options?: CallOptions,
): Promise<CptFeeReply> {
  return callApi(AddEditClaim.getCPTFee, { claimID, cptCode, ...(modifierCode ? { modifierCode } : {}) }, options);
}

/** A new draft claim with its diagnoses; lines come after with saveCharge. */
export function saveClaim(body: SaveClaimRequest, options?: CallOptions): Promise<SaveClaimReply> {
  return callApi(AddEditClaim.saveClaim, body, options);
}

/** The active providers of the data role's groups. */
export async function getProviders(options?: CallOptions): Promise<ProvidersReply['providers']> {
  return (await callApi(Repository.getProviders, {}, options)).providers;
}
