import {
  cptFeeReplySchema,
  editClaimReplySchema,
  removeDiagnosisReplySchema,
  saveChargeReplySchema,
  providersReplySchema,
  saveClaimReplySchema,
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
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const editClaimCall: ApiCall<EditClaimReply> = { controller: 'AddEditClaim', name: 'editClaim', reply: editClaimReplySchema };
const removeDiagnosisCall: ApiCall<RemoveDiagnosisReply> = { controller: 'AddEditClaim', name: 'removeDiagnosisFromClaimAndCharge', reply: removeDiagnosisReplySchema };
const saveChargeCall: ApiCall<SaveChargeReply> = { controller: 'AddEditClaim', name: 'saveCharge', reply: saveChargeReplySchema };
const saveClaimCall: ApiCall<SaveClaimReply> = { controller: 'AddEditClaim', name: 'saveClaim', reply: saveClaimReplySchema };
const providersCall: ApiCall<ProvidersReply> = { controller: 'Repository', name: 'getProviders', reply: providersReplySchema };
const feeCall: ApiCall<CptFeeReply> = { controller: 'AddEditClaim', name: 'getCPTFee', reply: cptFeeReplySchema };

export function editClaim(body: EditClaimRequest, options?: CallOptions): Promise<EditClaimReply> {
  return callApi(editClaimCall, body, options);
}

/** Reply id 1 is success, 2 an error with its reason (the catalogue's convention for this call). */
export function removeDiagnosisFromClaim(claimID: number, icd: string, options?: CallOptions): Promise<RemoveDiagnosisReply> {
  return callApi(removeDiagnosisCall, { claimID, icd }, options);
}

export function saveCharge(body: SaveChargeRequest, options?: CallOptions): Promise<SaveChargeReply> {
  return callApi(saveChargeCall, body, options);
}

export function getCptFee(claimID: number, cptCode: string, modifierCode?: string, options?: CallOptions): Promise<CptFeeReply> {
  return callApi(feeCall, { claimID, cptCode, ...(modifierCode ? { modifierCode } : {}) }, options);
}

/** A new draft claim with its diagnoses; lines come after with saveCharge. */
export function saveClaim(body: SaveClaimRequest, options?: CallOptions): Promise<SaveClaimReply> {
  return callApi(saveClaimCall, body, options);
}

/** The active providers of the data role's groups. */
export async function getProviders(options?: CallOptions): Promise<ProvidersReply['providers']> {
  return (await callApi(providersCall, {}, options)).providers;
}
