import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { getClaimDNA } from '../services/claims/claimDNA.ts';
import { editCharge } from '../services/claims/editCharge.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** The claims workbench: editing a charge line's coding, and the claim's DNA log that records it. */
export function claimEditRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, AddEditClaim.editCharge, {
    handler: async (input, context) => context.data.run(editCharge)(input, deps.now()),
  });

  defineCall(app, deps, Claims.getClaimDNAData, {
    handler: async (input, context) => context.data.run(getClaimDNA)(input.claimID),
  });
}
