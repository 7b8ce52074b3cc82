import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { transferClaimBalance } from '../services/claims/balanceTransfer.ts';
import { getClaimPayor, getClaimTransferInsurance } from '../services/claims/claimPayor.ts';
import { createCrossoverClaim, crossoverClaimType } from '../services/claims/crossover.ts';
import { denialCharges, denialReport } from '../services/claims/denials.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/**
 * Crossover claims to the next coverage, the claim's payor and the transfer of its balance to the
 * patient or the next payer, and denial management (report and a claim's denied lines).
 */
export function crossoverDenialsRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, AddEditClaim.createCrossoverClaim, {
    handler: async (input, context) => context.data.run(createCrossoverClaim)(input.claimID, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.getCrossoverClaimType, {
    handler: async (input, context) => context.data.inScope(crossoverClaimType)(input.claimID),
  });

  defineCall(app, deps, AddEditClaim.getClaimPayor, {
    handler: async (input, context) => context.data.inScope(getClaimPayor)(input.claimID),
  });

  defineCall(app, deps, AddEditClaim.getClaimTransferInsurance, {
    handler: async (input, context) => context.data.inScope(getClaimTransferInsurance)(input.claimID),
  });

  defineCall(app, deps, AddEditClaim.transferClaimBalance, {
    handler: async (input, context) => context.data.run(transferClaimBalance)(input, deps.now()),
  });

  defineCall(app, deps, Claims.GetDenialManagementReportData, {
    handler: async (input, context) => context.data.inScope(denialReport)(input),
  });

  defineCall(app, deps, Claims.GetDenialManagementCharges, {
    handler: async (input, context) => context.data.inScope(denialCharges)(input.claimID),
  });
}
