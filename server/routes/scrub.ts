import type { FastifyInstance } from 'fastify';
import { type ForcefulPassReply } from '../../contract/scrub.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { defineCall } from '../http/defineCall.ts';
import { claimsInScope } from '../services/access/claimsInScope.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { scrubFindingsInScope } from '../services/scrub/claimScrubErrors.ts';
import { forcefullyPassClaim } from '../services/scrub/forcefullyPassClaim.ts';
import { scrubClaims } from '../services/scrub/scrubClaims.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** The scrubber's calls; every claim is checked against the user's data role first. */
export function scrubRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Claims.claimScrubing, {
    handler: async (input, context) => {
      const [claimID] = await context.data.inScope(claimsInScope)([input.claimID]);
      if (claimID === undefined) throw new NotFoundError();
      const run = await context.data.asActor(scrubClaims)([claimID], deps.now());
      const [summary] = run.claims;
      if (!summary) throw new NotFoundError();
      return { summary, findings: await context.data.inScope(scrubFindingsInScope)(claimID) };
    },
  });

  defineCall(app, deps, Claims.allClaimsScrubing, {
    handler: async (input, context) => {
      const allowed = await context.data.inScope(claimsInScope)(input.claimIDS);
      const run = await context.data.asActor(scrubClaims)(allowed, deps.now());
      const found = new Set(run.claims.map((claim) => claim.claimID));
      return { claims: run.claims, notFound: input.claimIDS.filter((id) => !found.has(id)) };
    },
  });

  defineCall(app, deps, Claims.getClaimScrubingErrors, {
    handler: async (input, context) => {
      return { findings: await context.data.inScope(scrubFindingsInScope)(input.claimID) };
    },
  });

  // Each claim on its own: one claim's errors do not keep the others from passing.
  defineCall(app, deps, Claims.forcefullyPassClaim, {
    handler: async (input, context): Promise<ForcefulPassReply> => {
      const allowed = new Set(await context.data.inScope(claimsInScope)(input.claimIDS));
      const reply: ForcefulPassReply = { passed: [], refused: [] };
      for (const claimID of new Set(input.claimIDS)) {
        if (!allowed.has(claimID)) {
          reply.refused.push({ claimID, reason: `Claim ${claimID} was not found.` });
          continue;
        }
        try {
          await context.data.asActor(forcefullyPassClaim)(claimID, input.reason, deps.now());
          reply.passed.push(claimID);
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          reply.refused.push({ claimID, reason: error.message });
        }
      }
      return reply;
    },
  });
}
