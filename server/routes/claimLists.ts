import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { arSections, searchARClaims } from '../services/claims/arClaims.ts';
import { claimStatusCategories } from '../services/claims/claimCategories.ts';
import { dayOf } from '../services/claims/claimFilters.ts';
import { claimHoverInfo } from '../services/claims/claimHoverInfo.ts';
import {
  addSavedReport,
  deleteSavedReport,
  editSavedReport,
  listSavedReports,
} from '../services/savedSearches/savedSearches.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { SavedReports } from '../../contract/calls/savedReports.ts';

/** The claims list's work lists and side calls: AR, status chips, aging sections, hover, saved searches. */
export function claimListsRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Claims.getARClaimsSearchData, {
    handler: async (input, context) => context.data.run(searchARClaims)(input, dayOf(deps.now())),
  });

  defineCall(app, deps, Claims.getAllClaimsSearchStatusCategories, {
    handler: async (input, context) => context.data.inScope(claimStatusCategories)(input, dayOf(deps.now())),
  });

  defineCall(app, deps, Claims.getARClaimsSectionData, {
    handler: async (input, context) => context.data.inScope(arSections)(input, dayOf(deps.now())),
  });

  defineCall(app, deps, Repository.getClaimHoverInfo, {
    handler: async (input, context) => context.data.run(claimHoverInfo)(input.claimID),
  });

  defineCall(app, deps, SavedReports.GetSavedReports, {
    handler: (input, context) => context.data.asUser(listSavedReports)(input.moduleUrl),
  });

  defineCall(app, deps, SavedReports.AddSavedReport, {
    handler: (input, context) => context.data.asUser(addSavedReport)(input, deps.now()),
  });

  defineCall(app, deps, SavedReports.EditSavedReport, {
    handler: (input, context) => context.data.asUser(editSavedReport)(input),
  });

  defineCall(app, deps, SavedReports.DeleteSavedReport, {
    handler: async (input, context) => {
      await context.data.asUser(deleteSavedReport)(input.id);
      return { message: 'The saved search was deleted.' };
    },
  });
}
