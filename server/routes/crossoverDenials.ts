import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { createCrossoverClaim, crossoverClaimType } from '../services/claims/crossover.ts';
import { denialCharges, denialReport } from '../services/claims/denials.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** Crossover claims to the next coverage, and denial management (report and a claim's denied lines). */
export function crossoverDenialsRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, AddEditClaim.createCrossoverClaim, {
    handler: async (input, context) => createCrossoverClaim(deps.db, context.actor, await context.scope(), input.claimID, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.getCrossoverClaimType, {
    handler: async (input, context) => crossoverClaimType(deps.db, await context.scope(), input.claimID),
  });

  defineCall(app, deps, Claims.GetDenialManagementReportData, {
    handler: async (input, context) => denialReport(deps.db, await context.scope(), input),
  });

  defineCall(app, deps, Claims.GetDenialManagementCharges, {
    handler: async (input, context) => denialCharges(deps.db, await context.scope(), input.claimID),
  });
}
