import type { FastifyInstance } from 'fastify';
import { crossoverClaimRequestSchema } from '../../contract/crossover.ts';
import { denialChargesQuerySchema, denialReportQuerySchema } from '../../contract/denials.ts';
import { defineCall, requireActor } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { createCrossoverClaim, crossoverClaimType } from '../services/claims/crossover.ts';
import { denialCharges, denialReport } from '../services/claims/denials.ts';

/** Crossover claims to the next coverage, and denial management (report and a claim's denied lines). */
export function crossoverDenialsRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, 'AddEditClaim', 'createCrossoverClaim', {
    input: crossoverClaimRequestSchema,
    handler: async (input, context) => createCrossoverClaim(deps.db, requireActor(context), await context.scope(), input.claimID, deps.now()),
  });

  defineCall(app, deps, 'AddEditClaim', 'getCrossoverClaimType', {
    input: crossoverClaimRequestSchema,
    handler: async (input, context) => crossoverClaimType(deps.db, await context.scope(), input.claimID),
  });

  defineCall(app, deps, 'Claims', 'GetDenialManagementReportData', {
    input: denialReportQuerySchema,
    handler: async (input, context) => denialReport(deps.db, await context.scope(), input),
  });

  defineCall(app, deps, 'Claims', 'GetDenialManagementCharges', {
    input: denialChargesQuerySchema,
    handler: async (input, context) => denialCharges(deps.db, await context.scope(), input.claimID),
  });
}
