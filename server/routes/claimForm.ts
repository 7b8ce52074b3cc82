import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { getClaimInfo } from '../services/claims/claimInfoData.ts';
import {
  facilitiesInScope,
  patientCoverages,
  searchIcdCodes,
  searchProcedureCodes,
} from '../services/claims/claimFormLookups.ts';
import { saveClaimForm } from '../services/claims/saveClaimForm.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** The claim form and the expanded view: the whole claim saved at once, read at once, and what the form searches. */
export function claimFormRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, AddEditClaim.saveClaimForm, {
    handler: async (input, context) => context.data.run(saveClaimForm)(input, deps.now()),
  });

  defineCall(app, deps, Claims.getClaimInfoData, {
    handler: async (input, context) => context.data.run(getClaimInfo)(input.claimID),
  });

  defineCall(app, deps, Repository.getPatientInsurance, {
    handler: async (input, context) => context.data.inScope(patientCoverages)(input.patientID),
  });

  defineCall(app, deps, Repository.getFacilities, {
    handler: async (input, context) => context.data.inScope(facilitiesInScope)(input),
  });

  defineCall(app, deps, Repository.getICDCodes, {
    handler: async (input, context) => ({
      codes: await context.data.reference(searchIcdCodes)(
        input.searchValue,
        input.dos ?? deps.now().toISOString().slice(0, 10),
      ),
    }),
  });

  defineCall(app, deps, Repository.getCPTCodes, {
    handler: async (input, context) => ({
      codes: await context.data.inScope(searchProcedureCodes)(
        input.searchValue,
        input.practiceID,
        deps.now().toISOString().slice(0, 10),
      ),
    }),
  });
}
