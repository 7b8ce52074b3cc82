import { chargeBatchOptionsReplySchema, type ChargeBatchOptionsReply, type ChargeBatchSearchQuery } from '../../contract/batches.ts';
import type { AddClaimsToChargeBatchRequest } from '../../contract/chargeBatchClaims.ts';
import { jobStartedReplySchema, type JobStartedReply } from '../../contract/jobs.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const optionsCall: ApiCall<ChargeBatchOptionsReply> = { controller: 'Repository', name: 'getChargeBatches', reply: chargeBatchOptionsReplySchema };
const addCall: ApiCall<JobStartedReply> = { controller: 'Claims', name: 'addClaimsToChargeBatch', reply: jobStartedReplySchema };

/** The open charge batches a claim may go in: of the claim's or the patient's practice when named. */
export async function getOpenChargeBatches(query: ChargeBatchSearchQuery, options?: CallOptions): Promise<ChargeBatchOptionsReply['batches']> {
  return (await callApi(optionsCall, query, options)).batches;
}

/** Starts the run that puts the claims in the batch; the reply is the job to follow. */
export function addClaimsToChargeBatch(body: AddClaimsToChargeBatchRequest, options?: CallOptions): Promise<JobStartedReply> {
  return callApi(addCall, body, options);
}
