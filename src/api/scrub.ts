import {
  claimScrubErrorsReplySchema,
  claimScrubReplySchema,
  claimsScrubReplySchema,
  forcefulPassReplySchema,
  type ClaimScrubErrorsReply,
  type ClaimScrubReply,
  type ClaimsScrubReply,
  type ForcefulPassReply,
} from '../../contract/scrub.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const scrubOneCall: ApiCall<ClaimScrubReply> = { controller: 'Claims', name: 'claimScrubing', reply: claimScrubReplySchema };
const scrubManyCall: ApiCall<ClaimsScrubReply> = { controller: 'Claims', name: 'allClaimsScrubing', reply: claimsScrubReplySchema };
const findingsCall: ApiCall<ClaimScrubErrorsReply> = { controller: 'Claims', name: 'getClaimScrubingErrors', reply: claimScrubErrorsReplySchema };
const forcefulPassCall: ApiCall<ForcefulPassReply> = { controller: 'Claims', name: 'forcefullyPassClaim', reply: forcefulPassReplySchema };

/** Scrubs one claim; the reply carries its new statuses and findings. */
export function scrubClaim(claimID: number, options?: CallOptions): Promise<ClaimScrubReply> {
  return callApi(scrubOneCall, { claimID }, options);
}

export function scrubClaims(claimIDS: readonly number[], options?: CallOptions): Promise<ClaimsScrubReply> {
  return callApi(scrubManyCall, { claimIDS: [...claimIDS] }, options);
}

/** The findings of the claim's last scrub, in the order of the claim form. */
export function getClaimScrubFindings(claimID: number, options?: CallOptions): Promise<ClaimScrubErrorsReply> {
  return callApi(findingsCall, { claimID }, options);
}

export function forcefullyPassClaims(claimIDS: readonly number[], reason: string, options?: CallOptions): Promise<ForcefulPassReply> {
  return callApi(forcefulPassCall, { claimIDS: [...claimIDS], reason }, options);
}
