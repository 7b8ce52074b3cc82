import {
  type ChangeChargeStatusReply,
  type ChangeChargeStatusRequest,
  type ChargeStatusHistoryReply,
  type DeleteChargeReply,
} from '../../contract/chargeStatus.ts';
import {
  type ChangeClaimScrubStatusReply,
  type ChangeClaimStatusReply,
  type ChangeClaimStatusRequest,
  type UpdateClaimsStatusReply,
  type VoidEncounterReply,
} from '../../contract/claimStatusChange.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** One claim to a status a biller may set by hand, with an optional note for the DNA log. */
export function changeClaimStatus(
  body: ChangeClaimStatusRequest,
  options?: CallOptions,
): Promise<ChangeClaimStatusReply> {
  return callApi(Claims.changeClaimStatus, body, options);
}

/** Many claims to one status; each is checked on its own and the refused come back with why. */
export function updateClaimsStatus(
  claimIDS: readonly number[],
  claimStatusID: number,
  options?: CallOptions,
): Promise<UpdateClaimsStatusReply> {
  return callApi(Claims.updateClaimsStatus, { claimIDS: [...claimIDS], claimStatusID }, options);
}

/** Back to "not scrubbed", the only scrub status set by hand. */
export function changeClaimScrubStatus(
  claimID: number,
  scrubStatusID: number,
  options?: CallOptions,
): Promise<ChangeClaimScrubStatusReply> {
  return callApi(Claims.changeClaimScrubStatus, { claimID, scrubStatusID }, options);
}

export function changeChargeStatus(
  body: ChangeChargeStatusRequest,
  options?: CallOptions,
): Promise<ChangeChargeStatusReply> {
  return callApi(Claims.changeChargeStatus, body, options);
}

export function getChargeStatusHistory(chargeID: number, options?: CallOptions): Promise<ChargeStatusHistoryReply> {
  return callApi(Claims.getChargeStatusHistory, { chargeID }, options);
}

/** A refusal is a reply too: read it with chargeWasDeleted (contract/chargeStatus.ts). */
export function deleteCharge(id: number, options?: CallOptions): Promise<DeleteChargeReply> {
  return callApi(AddEditClaim.deleteChargeByID, { id }, options);
}

export function voidEncounter(
  claimID: number,
  postingDate: string,
  options?: CallOptions,
): Promise<VoidEncounterReply> {
  return callApi(AddEditClaim.voidEncounterClaim, { claimID, postingDate }, options);
}
