import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { getClaimFinancial } from '../services/claims/claimFinancial.ts';
import { saveWriteOff } from '../services/claims/writeOff.ts';
import { massWriteOffData, queueMassWriteOff } from '../services/claims/writeOffMass.ts';
import type { JobRunner } from '../services/jobs/runner.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** Write-offs, single and bulk, and the claim's financial summary they change. */
export function writeOffRoutes(app: FastifyInstance, deps: AuthDeps, jobs: JobRunner): void {
  // One claim is written off at once; claimIDS or query start a bulk run that the reply names.
  defineCall(app, deps, AddEditClaim.saveWriteOffByID, {
    handler: async (input, context) => {
      if (input.kind === 'single') return context.data.run(saveWriteOff)(input, deps.now());
      const reply = await context.data.run(queueMassWriteOff)(input, deps.now());
      jobs.start(reply.jobID);
      return reply;
    },
  });

  defineCall(app, deps, Claims.getMassWriteOffData, {
    handler: async (input, context) => context.data.run(massWriteOffData)(input),
  });

  defineCall(app, deps, AddEditClaim.getClaimFinancial, {
    handler: async (input, context) => context.data.run(getClaimFinancial)(input.claimID),
  });
}
