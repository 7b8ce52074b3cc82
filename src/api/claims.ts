import { type ClaimIDsQuery, type ClaimIDsReply } from '../../contract/claimListVariants.ts';
import {
  type ClaimSearchParams,
  type ClaimSearchReply,
  type ClaimTableQuery,
  type ClaimTableReply,
} from '../../contract/claims.ts';
import { callApi, type CallOptions } from './client.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** One page of the all-claims list, sorted and filtered by the server. */
export function getAllClaimsSearchData(query: ClaimSearchParams, options?: CallOptions): Promise<ClaimSearchReply> {
  return callApi(Claims.getAllClaimsSearchData, { ...query }, options);
}

/** A page of the all-claims list in table form, after a cursor claim: what exports read. */
export function getAllClaimsSearchTableData(query: ClaimTableQuery, options?: CallOptions): Promise<ClaimTableReply> {
  return callApi(Claims.getAllClaimsSearchTableData, { ...query }, options);
}

/** The ids of the claims a filter finds (at most 20,000): "all N matching" for commands that name claims. */
export function getAllClaimsSearchClaimIDS(query: ClaimIDsQuery, options?: CallOptions): Promise<ClaimIDsReply> {
  return callApi(Claims.getAllClaimsSearchClaimIDS, { ...query }, options);
}
