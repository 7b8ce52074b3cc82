import {
  submissionBatchDetailReplySchema,
  submissionBatchesReplySchema,
  submitClaimsReplySchema,
  type SubmissionBatchDetail,
  type SubmissionBatchesReply,
  type SubmitClaimsReply,
} from '../../contract/submission.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const submitCall: ApiCall<SubmitClaimsReply> = { controller: 'Claims', name: 'submitClaim', reply: submitClaimsReplySchema };
const batchesCall: ApiCall<SubmissionBatchesReply> = { controller: 'Batches', name: 'getSubmissionBatchReportStatus', reply: submissionBatchesReplySchema };
const batchCall: ApiCall<SubmissionBatchDetail> = { controller: 'Batches', name: 'getSubmissionBatchStatusDetailByID', reply: submissionBatchDetailReplySchema };

/** Sends the claims as 837 files; the reply names the batches made and the claims refused, with why. */
export function submitClaims(claimIDS: readonly number[], options?: CallOptions): Promise<SubmitClaimsReply> {
  return callApi(submitCall, { claimIDS: [...claimIDS] }, options);
}

export function getSubmissionBatches(page: { pageNumber: number; pageSize: number }, options?: CallOptions): Promise<SubmissionBatchesReply> {
  return callApi(batchesCall, page, options);
}

export function getSubmissionBatch(submissionBatchID: number, options?: CallOptions): Promise<SubmissionBatchDetail> {
  return callApi(batchCall, { submissionBatchID }, options);
}
