import type { FastifyInstance } from 'fastify';
import { claimHoverQuerySchema } from '../../contract/claimLists.ts';
import { claimFilterSchema, claimSearchQuerySchema } from '../../contract/claims.ts';
import {
  addSavedReportRequestSchema,
  deleteSavedReportQuerySchema,
  editSavedReportRequestSchema,
  getSavedReportsQuerySchema,
} from '../../contract/savedSearches.ts';
import { defineCall, requireActor } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { arSections, searchARClaims } from '../services/claims/arClaims.ts';
import { claimStatusCategories } from '../services/claims/claimCategories.ts';
import { dayOf } from '../services/claims/claimFilters.ts';
import { claimHoverInfo } from '../services/claims/claimHoverInfo.ts';
import { addSavedReport, deleteSavedReport, editSavedReport, listSavedReports } from '../services/savedSearches/savedSearches.ts';

/** The claims list's work lists and side calls: AR, status chips, aging sections, hover, saved searches. */
export function claimListsRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, 'Claims', 'getARClaimsSearchData', {
    input: claimSearchQuerySchema,
    handler: async (input, context) => searchARClaims(deps.db, requireActor(context), await context.scope(), input, dayOf(deps.now())),
  });

  defineCall(app, deps, 'Claims', 'getAllClaimsSearchStatusCategories', {
    input: claimFilterSchema,
    handler: async (input, context) => claimStatusCategories(deps.db, await context.scope(), input, dayOf(deps.now())),
  });

  defineCall(app, deps, 'Claims', 'getARClaimsSectionData', {
    input: claimFilterSchema,
    handler: async (input, context) => arSections(deps.db, await context.scope(), input, dayOf(deps.now())),
  });

  defineCall(app, deps, 'Repository', 'getClaimHoverInfo', {
    input: claimHoverQuerySchema,
    handler: async (input, context) => claimHoverInfo(deps.db, requireActor(context), await context.scope(), input.claimID),
  });

  defineCall(app, deps, 'SavedReports', 'GetSavedReports', {
    input: getSavedReportsQuerySchema,
    handler: (input, context) => listSavedReports(deps.db, requireActor(context).userId, input.moduleUrl),
  });

  defineCall(app, deps, 'SavedReports', 'AddSavedReport', {
    input: addSavedReportRequestSchema,
    handler: (input, context) => addSavedReport(deps.db, requireActor(context).userId, input, deps.now()),
  });

  defineCall(app, deps, 'SavedReports', 'EditSavedReport', {
    input: editSavedReportRequestSchema,
    handler: (input, context) => editSavedReport(deps.db, requireActor(context).userId, input),
  });

  defineCall(app, deps, 'SavedReports', 'DeleteSavedReport', {
    input: deleteSavedReportQuerySchema,
    handler: async (input, context) => {
      await deleteSavedReport(deps.db, requireActor(context).userId, input.id);
      return { message: 'The saved search was deleted.' };
    },
  });
}
