import { claimIDsReplySchema, type ClaimIDsQuery, type ClaimIDsReply } from '../../contract/claimListVariants.ts';
import { claimSearchReplySchema, claimTableReplySchema, type ClaimSearchParams, type ClaimSearchReply, type ClaimTableQuery, type ClaimTableReply } from '../../contract/claims.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const allClaimsCall: ApiCall<ClaimSearchReply> = { controller: 'Claims', name: 'getAllClaimsSearchData', reply: claimSearchReplySchema };

/** One page of the all-claims list, sorted and filtered by the server. */
export function getAllClaimsSearchData(query: ClaimSearchParams, options?: CallOptions): Promise<ClaimSearchReply> {
  return callApi(allClaimsCall, { ...query }, options);
}

const allClaimsTableCall: ApiCall<ClaimTableReply> = { controller: 'Claims', name: 'getAllClaimsSearchTableData', reply: claimTableReplySchema };

/** A page of the all-claims list in table form, after a cursor claim: what exports read. */
export function getAllClaimsSearchTableData(query: ClaimTableQuery, options?: CallOptions): Promise<ClaimTableReply> {
  return callApi(allClaimsTableCall, { ...query }, options);
}

const claimIDsCall: ApiCall<ClaimIDsReply> = { controller: 'Claims', name: 'getAllClaimsSearchClaimIDS', reply: claimIDsReplySchema };

/** The ids of the claims a filter finds (at most 20,000): "all N matching" for commands that name claims. */
export function getAllClaimsSearchClaimIDS(query: ClaimIDsQuery, options?: CallOptions): Promise<ClaimIDsReply> {
  return callApi(claimIDsCall, { ...query }, options);
}
