/** The posting date check, asked while a biller types a payment's posting date. */
import type { PostingDateCheckReply } from '../../contract/lookups.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { callApi, type CallOptions } from './client.ts';

export function getPostingDateCheck(
  postingDate: string,
  claimID: number,
  options?: CallOptions,
): Promise<PostingDateCheckReply> {
  return callApi(AddEditClaim.getPostingDateCheck, { postingDate, claimID }, options);
}
