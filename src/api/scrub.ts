import {
  type ClaimScrubErrorsReply,
  type ClaimScrubReply,
  type ClaimsScrubReply,
  type ForcefulPassReply,
} from '../../contract/scrub.ts';
import { callApi, type CallOptions } from './client.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** Scrubs one claim; the reply carries its new statuses and findings. */
export function scrubClaim(claimID: number, options?: CallOptions): Promise<ClaimScrubReply> {
  return callApi(Claims.claimScrubing, { claimID }, options);
}

export function scrubClaims(claimIDS: readonly number[], options?: CallOptions): Promise<ClaimsScrubReply> {
  return callApi(Claims.allClaimsScrubing, { claimIDS: [...claimIDS] }, options);
}

/** The findings of the claim's last scrub, in the order of the claim form. */
export function getClaimScrubFindings(claimID: number, options?: CallOptions): Promise<ClaimScrubErrorsReply> {
  return callApi(Claims.getClaimScrubingErrors, { claimID }, options);
}

export function forcefullyPassClaims(
  claimIDS: readonly number[],
  reason: string,
  options?: CallOptions,
): Promise<ForcefulPassReply> {
  return callApi(Claims.forcefullyPassClaim, { claimIDS: [...claimIDS], reason }, options);
}
