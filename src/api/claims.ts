import { claimSearchReplySchema, type ClaimSearchParams, type ClaimSearchReply } from '../../contract/claims.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const allClaimsCall: ApiCall<ClaimSearchReply> = { controller: 'Claims', name: 'getAllClaimsSearchData', reply: claimSearchReplySchema };

/** One page of the all-claims list, sorted and filtered by the server. */
export function getAllClaimsSearchData(query: ClaimSearchParams, options?: CallOptions): Promise<ClaimSearchReply> {
  return callApi(allClaimsCall, { ...query }, options);
}
