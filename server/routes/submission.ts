import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { listSubmissionBatches, submissionBatchDetail } from '../services/submission/submissionBatches.ts';
import { submitClaims } from '../services/submission/submitClaims.ts';
import { Batches } from '../../contract/calls/batches.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** Sending claims as 837 files, and the batches they went out in. */
export function submissionRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Claims.submitClaim, {
    handler: async (input, context) => submitClaims(deps.db, context.actor, await context.scope(), input.claimIDS, deps.now()),
  });

  defineCall(app, deps, Batches.getSubmissionBatchReportStatus, {
    handler: async (input, context) => listSubmissionBatches(deps.db, await context.scope(), input),
  });

  defineCall(app, deps, Batches.getSubmissionBatchStatusDetailByID, {
    handler: async (input, context) => submissionBatchDetail(deps.db, await context.scope(), input.submissionBatchID),
  });
}
