/** The ERA calls. An upload sends the 835 itself as a text body, the group and file name in the query. */
import {
  eraFullDetailReplySchema,
  eraProfileReplySchema,
  postInsurancePaymentReplySchema,
  postingValidationReplySchema,
  uploadEraReplySchema,
  type EraFullDetailReply,
  type EraProfileQuery,
  type EraProfileReply,
  type PostInsurancePaymentReply,
  type PostingValidationReply,
  type UploadEraReply,
} from '../../contract/era.ts';
import { claimEraAnswersReplySchema, type ClaimEraAnswersReply } from '../../contract/eraAnswers.ts';
import { z } from 'zod';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const deleteEraReplySchema = z.object({ message: z.string(), pkid: z.number() });
export type DeleteEraReply = z.infer<typeof deleteEraReplySchema>;

const profileCall: ApiCall<EraProfileReply> = { controller: 'Claims', name: 'getERAProfileData', reply: eraProfileReplySchema };
const deleteCall: ApiCall<DeleteEraReply> = { controller: 'Claims', name: 'deleteEraCheckByID', reply: deleteEraReplySchema };

const validationCall: ApiCall<PostingValidationReply> = { controller: 'AddEditClaim', name: 'getPostingValidationErrors', reply: postingValidationReplySchema };
const postCall: ApiCall<PostInsurancePaymentReply> = { controller: 'AddEditClaim', name: 'postInsurancePayment', reply: postInsurancePaymentReplySchema };

/** What would stop the posting of a check, and what the biller must accept first. */
export function getPostingValidation(eraCheckID: number, options?: CallOptions): Promise<PostingValidationReply> {
  return callApi(validationCall, { eraCheckID }, options);
}

/** Posts a whole check; `acceptWarnings` is the biller's yes to what getPostingValidation listed. */
export function postEraCheck(eraCheckID: number, acceptWarnings: boolean, options?: CallOptions): Promise<PostInsurancePaymentReply> {
  return callApi(postCall, { eraCheckID, bypassWarningsID: acceptWarnings ? 1 : 0 }, options);
}

export function getEraProfile(query: Partial<EraProfileQuery>, options?: CallOptions): Promise<EraProfileReply> {
  return callApi(profileCall, query, options);
}

export function deleteEraCheck(eraCheckID: number, options?: CallOptions): Promise<DeleteEraReply> {
  return callApi(deleteCall, { eraCheckID }, options);
}

const uploadCall: ApiCall<UploadEraReply> = { controller: 'AddEditClaim', name: 'uploadERA', reply: uploadEraReplySchema };

/** Uploads one 835 file for a group; the reply names each check, how it matched and balanced. */
export function uploadEra(upload: { groupID: number; fileName: string; text: string }, options: CallOptions = {}): Promise<UploadEraReply> {
  return callApi(uploadCall, { groupID: upload.groupID, fileName: upload.fileName }, { ...options, text: upload.text });
}

const linkReplySchema = z.object({ message: z.string(), pkid: z.number() });
export type EraLinkReply = z.infer<typeof linkReplySchema>;

const fullDetailCall: ApiCall<EraFullDetailReply> = { controller: 'Claims', name: 'getERAFullDetail', reply: eraFullDetailReplySchema };
const linkCall: ApiCall<EraLinkReply> = { controller: 'AddEditClaim', name: 'linkPaymentPosting', reply: linkReplySchema };
const unlinkCall: ApiCall<EraLinkReply> = { controller: 'AddEditClaim', name: 'deattachERAPosting', reply: linkReplySchema };

/** An uploaded ERA file: its checks, claims and lines with what each matched. */
export function getEraFullDetail(eraID: number, options?: CallOptions): Promise<EraFullDetailReply> {
  return callApi(fullDetailCall, { eraID }, options);
}

const claimAnswersCall: ApiCall<ClaimEraAnswersReply> = { controller: 'Claims', name: 'getERAProfileDataByID', reply: claimEraAnswersReplySchema };

/** Every ERA answer to one of our claims, posted or not, newest check first. */
export function getClaimEraAnswers(claimID: number, options?: CallOptions): Promise<ClaimEraAnswersReply> {
  return callApi(claimAnswersCall, { claimID }, options);
}

/** Links an ERA claim to one of our claims, or an ERA line to one of our charges. */
export function linkEraPosting(link: { eraClaimID: number; claimID: number } | { eraLineID: number; chargeID: number }, options?: CallOptions): Promise<EraLinkReply> {
  return callApi(linkCall, link, options);
}

/** Unlinks an ERA line from its charge; pkid 0 when it was not linked. */
export function unlinkEraLine(eraLineID: number, options?: CallOptions): Promise<EraLinkReply> {
  return callApi(unlinkCall, { eraLineID }, options);
}
