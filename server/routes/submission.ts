import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { listSubmissionBatches, submissionBatchDetail } from '../services/submission/submissionBatches.ts';
import { submitAndSend } from '../services/submission/submitAndSend.ts';
import { Batches } from '../../contract/calls/batches.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** Sending claims as 837 files, and the batches they went out in. */
export function submissionRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Claims.submitClaim, {
    handler: async (input, context) => context.data.run(submitAndSend)(input.claimIDS, deps.now()),
  });

  defineCall(app, deps, Batches.getSubmissionBatchReportStatus, {
    handler: async (input, context) => context.data.inScope(listSubmissionBatches)(input),
  });

  defineCall(app, deps, Batches.getSubmissionBatchStatusDetailByID, {
    handler: async (input, context) => context.data.inScope(submissionBatchDetail)(input.submissionBatchID),
  });
}
