import type { FastifyInstance } from 'fastify';
import {
  addUpdateCptNdcCrosswalkRequestSchema,
  addUpdateCptRevenueCrosswalkRequestSchema,
  cptNdcCrosswalkDataQuerySchema,
  cptNdcCrosswalkIDSchema,
  cptNdcDataQuerySchema,
  cptRevenueCrosswalkIDSchema,
  practicesQuerySchema,
  revenueCrosswalkSearchQuerySchema,
} from '../../contract/crosswalks.ts';
import { defineCall, requireActor } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { addUpdateNdcCrosswalk, deleteNdcCrosswalk, ndcCrosswalkByID, ndcCrosswalks } from '../services/crosswalks/ndcCrosswalks.ts';
import { practiceChoices } from '../services/crosswalks/practices.ts';
import { addUpdateRevenueCrosswalk, deleteRevenueCrosswalk, revenueCrosswalkSearch } from '../services/crosswalks/revenueCrosswalks.ts';

/** The practices' CPT-NDC and CPT-revenue crosswalks that saveCharge codes new lines from. */
export function crosswalkRoutes(app: FastifyInstance, deps: AuthDeps): void {
  // Crosswalks belong to a practice, so their screens and commands start by choosing one.
  defineCall(app, deps, 'Repository', 'getPractices', {
    input: practicesQuerySchema,
    handler: async (_input, context) => practiceChoices(deps.db, await context.scope()),
  });

  defineCall(app, deps, 'Claims', 'getCptNdcData', {
    input: cptNdcDataQuerySchema,
    handler: async (input, context) => ndcCrosswalks(deps.db, await context.scope(), input),
  });

  defineCall(app, deps, 'Claims', 'getCptNdcCrosswalkData', {
    input: cptNdcCrosswalkDataQuerySchema,
    handler: async (input, context) => ndcCrosswalks(deps.db, await context.scope(), input),
  });

  defineCall(app, deps, 'AddEditClaim', 'getCptNdcCrosswalkByID', {
    input: cptNdcCrosswalkIDSchema,
    handler: async (input, context) => ndcCrosswalkByID(deps.db, await context.scope(), input.cptNdcCrosswalkID),
  });

  // The claim screen's save of a code's NDC data and the crosswalk screen's save are one record.
  for (const name of ['addUpdateCptNdcData', 'addUpdateCptNdcCrosswalk']) {
    defineCall(app, deps, 'AddEditClaim', name, {
      input: addUpdateCptNdcCrosswalkRequestSchema,
      handler: async (input, context) => addUpdateNdcCrosswalk(deps.db, requireActor(context), await context.scope(), input),
    });
  }

  defineCall(app, deps, 'AddEditClaim', 'deleteCptNdcCrosswalk', {
    input: cptNdcCrosswalkIDSchema,
    handler: async (input, context) => deleteNdcCrosswalk(deps.db, requireActor(context), await context.scope(), input.cptNdcCrosswalkID),
  });

  defineCall(app, deps, 'MedicalCase', 'getRevenueCrossWalkSearch', {
    input: revenueCrosswalkSearchQuerySchema,
    handler: async (input, context) => revenueCrosswalkSearch(deps.db, await context.scope(), input),
  });

  defineCall(app, deps, 'MedicalCase', 'addUpdateCptRevenueCrosswalk', {
    input: addUpdateCptRevenueCrosswalkRequestSchema,
    handler: async (input, context) => addUpdateRevenueCrosswalk(deps.db, requireActor(context), await context.scope(), input),
  });

  defineCall(app, deps, 'MedicalCase', 'deleteCptRevenueCrosswalk', {
    input: cptRevenueCrosswalkIDSchema,
    handler: async (input, context) => deleteRevenueCrosswalk(deps.db, requireActor(context), await context.scope(), input.cptRevenueCrosswalkID),
  });
}
