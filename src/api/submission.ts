import {
  type SubmissionBatchDetail,
  type SubmissionBatchesReply,
  type SubmitClaimsReply,
} from '../../contract/submission.ts';
import { callApi, type CallOptions } from './client.ts';
import { Batches } from '../../contract/calls/batches.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** Sends the claims as 837 files; the reply names the batches made and the claims refused, with why. */
export function submitClaims(claimIDS: readonly number[], options?: CallOptions): Promise<SubmitClaimsReply> {
  return callApi(Claims.submitClaim, { claimIDS: [...claimIDS] }, options);
}

export function getSubmissionBatches(
  page: { pageNumber: number; pageSize: number },
  options?: CallOptions,
): Promise<SubmissionBatchesReply> {
  return callApi(Batches.getSubmissionBatchReportStatus, page, options);
}

export function getSubmissionBatch(submissionBatchID: number, options?: CallOptions): Promise<SubmissionBatchDetail> {
  return callApi(Batches.getSubmissionBatchStatusDetailByID, { submissionBatchID }, options);
}
