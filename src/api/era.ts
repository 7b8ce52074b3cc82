/** The ERA calls. An upload sends the 835 itself as a text body, the group and file name in the query. */
import {
  type EraChangeReply,
  type EraFullDetailReply,
  type EraProfileQuery,
  type EraProfileReply,
  type PostInsurancePaymentReply,
  type PostingValidationReply,
  type UploadEraReply,
} from '../../contract/era.ts';
import { type ClaimEraAnswersReply } from '../../contract/eraAnswers.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

export type DeleteEraReply = EraChangeReply;

/** What would stop the posting of a check, and what the biller must accept first. */
export function getPostingValidation(eraCheckID: number, options?: CallOptions): Promise<PostingValidationReply> {
  return callApi(AddEditClaim.getPostingValidationErrors, { eraCheckID }, options);
}

/** Posts a whole check; `acceptWarnings` is the biller's yes to what getPostingValidation listed. */
export function postEraCheck(
  eraCheckID: number,
  acceptWarnings: boolean,
  options?: CallOptions,
): Promise<PostInsurancePaymentReply> {
  return callApi(AddEditClaim.postInsurancePayment, { eraCheckID, bypassWarningsID: acceptWarnings ? 1 : 0 }, options);
}

export function getEraProfile(query: Partial<EraProfileQuery>, options?: CallOptions): Promise<EraProfileReply> {
  return callApi(Claims.getERAProfileData, query, options);
}

export function deleteEraCheck(eraCheckID: number, options?: CallOptions): Promise<DeleteEraReply> {
  return callApi(Claims.deleteEraCheckByID, { eraCheckID }, options);
}

/** Uploads one 835 file for a group; the reply names each check, how it matched and balanced. */
export function uploadEra(
  upload: { groupID: number; fileName: string; text: string },
  options: CallOptions = {},
): Promise<UploadEraReply> {
  return callApi(
    AddEditClaim.uploadERA,
    { groupID: upload.groupID, fileName: upload.fileName },
    { ...options, text: upload.text },
  );
}

export type EraLinkReply = EraChangeReply;

/** An uploaded ERA file: its checks, claims and lines with what each matched. */
export function getEraFullDetail(eraID: number, options?: CallOptions): Promise<EraFullDetailReply> {
  return callApi(Claims.getERAFullDetail, { eraID }, options);
}

/** Every ERA answer to one of our claims, posted or not, newest check first. */
export function getClaimEraAnswers(claimID: number, options?: CallOptions): Promise<ClaimEraAnswersReply> {
  return callApi(Claims.getERAProfileDataByID, { claimID }, options);
}

/** Links an ERA claim to one of our claims, or an ERA line to one of our charges. */
export function linkEraPosting(
  link: { eraClaimID: number; claimID: number } | { eraLineID: number; chargeID: number },
  options?: CallOptions,
): Promise<EraLinkReply> {
  return callApi(AddEditClaim.linkPaymentPosting, link, options);
}

/** Unlinks an ERA line from its charge; pkid 0 when it was not linked. */
export function unlinkEraLine(eraLineID: number, options?: CallOptions): Promise<EraLinkReply> {
  return callApi(AddEditClaim.deattachERAPosting, { eraLineID }, options);
}
