import {
  changeChargeStatusReplySchema,
  chargeStatusHistoryReplySchema,
  deleteChargeReplySchema,
  type ChangeChargeStatusReply,
  type ChangeChargeStatusRequest,
  type ChargeStatusHistoryReply,
  type DeleteChargeReply,
} from '../../contract/chargeStatus.ts';
import {
  changeClaimScrubStatusReplySchema,
  changeClaimStatusReplySchema,
  updateClaimsStatusReplySchema,
  voidEncounterReplySchema,
  type ChangeClaimScrubStatusReply,
  type ChangeClaimStatusReply,
  type ChangeClaimStatusRequest,
  type UpdateClaimsStatusReply,
  type VoidEncounterReply,
} from '../../contract/claimStatusChange.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const claimStatusCall: ApiCall<ChangeClaimStatusReply> = { controller: 'Claims', name: 'changeClaimStatus', reply: changeClaimStatusReplySchema };
const claimsStatusCall: ApiCall<UpdateClaimsStatusReply> = { controller: 'Claims', name: 'updateClaimsStatus', reply: updateClaimsStatusReplySchema };
const scrubStatusCall: ApiCall<ChangeClaimScrubStatusReply> = { controller: 'Claims', name: 'changeClaimScrubStatus', reply: changeClaimScrubStatusReplySchema };
const chargeStatusCall: ApiCall<ChangeChargeStatusReply> = { controller: 'Claims', name: 'changeChargeStatus', reply: changeChargeStatusReplySchema };
const historyCall: ApiCall<ChargeStatusHistoryReply> = { controller: 'Claims', name: 'getChargeStatusHistory', reply: chargeStatusHistoryReplySchema };
const deleteChargeCall: ApiCall<DeleteChargeReply> = { controller: 'AddEditClaim', name: 'deleteChargeByID', reply: deleteChargeReplySchema };
const voidEncounterCall: ApiCall<VoidEncounterReply> = { controller: 'AddEditClaim', name: 'voidEncounterClaim', reply: voidEncounterReplySchema };

/** One claim to a status a biller may set by hand, with an optional note for the DNA log. */
export function changeClaimStatus(body: ChangeClaimStatusRequest, options?: CallOptions): Promise<ChangeClaimStatusReply> {
  return callApi(claimStatusCall, body, options);
}

/** Many claims to one status; each is checked on its own and the refused come back with why. */
export function updateClaimsStatus(claimIDS: readonly number[], claimStatusID: number, options?: CallOptions): Promise<UpdateClaimsStatusReply> {
  return callApi(claimsStatusCall, { claimIDS: [...claimIDS], claimStatusID }, options);
}

/** Back to "not scrubbed", the only scrub status set by hand. */
export function changeClaimScrubStatus(claimID: number, scrubStatusID: number, options?: CallOptions): Promise<ChangeClaimScrubStatusReply> {
  return callApi(scrubStatusCall, { claimID, scrubStatusID }, options);
}

export function changeChargeStatus(body: ChangeChargeStatusRequest, options?: CallOptions): Promise<ChangeChargeStatusReply> {
  return callApi(chargeStatusCall, body, options);
}

export function getChargeStatusHistory(chargeID: number, options?: CallOptions): Promise<ChargeStatusHistoryReply> {
  return callApi(historyCall, { chargeID }, options);
}

/** A refusal is a reply too: read it with chargeWasDeleted (contract/chargeStatus.ts). */
export function deleteCharge(id: number, options?: CallOptions): Promise<DeleteChargeReply> {
  return callApi(deleteChargeCall, { id }, options);
}

export function voidEncounter(claimID: number, postingDate: string, options?: CallOptions): Promise<VoidEncounterReply> {
  return callApi(voidEncounterCall, { claimID, postingDate }, options);
}
