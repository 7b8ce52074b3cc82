import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { queueAddToChargeBatch } from '../services/claims/chargeBatchRun.ts';
import type { JobRunner } from '../services/jobs/runner.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** Claims put into a charge batch from the claims list, as a bulk run (one claim goes through AddEditClaim/editClaim). */
export function claimChargeBatchRoutes(app: FastifyInstance, deps: AuthDeps, jobs: JobRunner): void {
  defineCall(app, deps, Claims.addClaimsToChargeBatch, {
    handler: async (input, context) => {
      const jobID = await context.data.run(queueAddToChargeBatch)(input);
      jobs.start(jobID);
      return { jobID };
    },
  });
}
