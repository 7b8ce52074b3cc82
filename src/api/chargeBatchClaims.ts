import { type ChargeBatchOptionsReply, type ChargeBatchSearchQuery } from '../../contract/batches.ts';
import type { AddClaimsToChargeBatchRequest } from '../../contract/chargeBatchClaims.ts';
import { type JobStartedReply } from '../../contract/jobs.ts';
import { callApi, type CallOptions } from './client.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** The open charge batches a claim may go in: of the claim's or the patient's practice when named. */
export async function getOpenChargeBatches(
  query: ChargeBatchSearchQuery,
  options?: CallOptions,
): Promise<ChargeBatchOptionsReply['batches']> {
  return (await callApi(Repository.getChargeBatches, query, options)).batches;
}

/** Starts the run that puts the claims in the batch; the reply is the job to follow. */
export function addClaimsToChargeBatch(
  body: AddClaimsToChargeBatchRequest,
  options?: CallOptions,
): Promise<JobStartedReply> {
  return callApi(Claims.addClaimsToChargeBatch, body, options);
}
