import type { FastifyInstance } from 'fastify';
import { Batches } from '../../contract/calls/batches.ts';
import { Insurance } from '../../contract/calls/insurance.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { collectReplies, sendBatch } from '../services/clearinghouse/clearinghouseCalls.ts';
import { clearingHouseConnections, saveClearingHouseConnection } from '../services/clearinghouse/connections.ts';

/** Clearinghouse connections, collecting their replies, and sending a batch again. */
export function clearinghouseRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Insurance.getClearingHouseConnections, {
    handler: (_input, { data }) => data.reference(clearingHouseConnections)(),
  });
  defineCall(app, deps, Insurance.saveClearingHouseConnection, {
    handler: (input, { data }) => data.asActor(saveClearingHouseConnection)(input),
  });
  defineCall(app, deps, Insurance.collectClearingHouseReplies, {
    handler: (input, { data }) => data.asActor(collectReplies)(input.clearingHouseID ?? null),
  });
  defineCall(app, deps, Batches.sendSubmissionBatch, {
    handler: (input, { data }) => data.run(sendBatch)(input.submissionBatchID),
  });
}
