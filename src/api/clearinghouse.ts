/** The clearinghouse calls: connections (administrators), collecting replies and sending a batch again (billers). */
import type { CallInput } from '../../contract/call.ts';
import { Batches } from '../../contract/calls/batches.ts';
import { Insurance } from '../../contract/calls/insurance.ts';
import { callApi, type CallOptions } from './client.ts';

export const getClearingHouseConnections = (options?: CallOptions) =>
  callApi(Insurance.getClearingHouseConnections, {}, options).then((reply) => reply.connections);
export const saveClearingHouseConnection = (
  body: CallInput<typeof Insurance.saveClearingHouseConnection>,
  options?: CallOptions,
) => callApi(Insurance.saveClearingHouseConnection, body, options);
export const collectClearingHouseReplies = (clearingHouseID: number | null, options?: CallOptions) =>
  callApi(Insurance.collectClearingHouseReplies, clearingHouseID === null ? {} : { clearingHouseID }, options);
export const sendSubmissionBatch = (submissionBatchID: number, options?: CallOptions) =>
  callApi(Batches.sendSubmissionBatch, { submissionBatchID }, options);
