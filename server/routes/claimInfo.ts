import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { addCharge } from '../services/claims/addCharge.ts';
import { cptFeeFor } from '../services/claims/cptFee.ts';
import { createClaim, providersInScope } from '../services/claims/createClaim.ts';
import { editClaimInfo } from '../services/claims/editClaimInfo.ts';
import { removeDiagnosis } from '../services/claims/removeDiagnosis.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** Creating a claim, editing its own fields and diagnoses, adding a line, and pricing a code. */
export function claimInfoRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, AddEditClaim.saveClaim, {
    handler: async (input, context) => context.data.run(createClaim)(input, deps.now()),
  });

  defineCall(app, deps, Repository.getProviders, {
    handler: async (input, context) => context.data.inScope(providersInScope)(input.groupID),
  });

  defineCall(app, deps, AddEditClaim.editClaim, {
    handler: async (input, context) => context.data.run(editClaimInfo)(input, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.removeDiagnosisFromClaimAndCharge, {
    handler: async (input, context) => context.data.run(removeDiagnosis)(input.claimID, input.icd, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.saveCharge, {
    handler: async (input, context) => context.data.run(addCharge)(input, deps.now()),
  });

  // Priced for a claim, a facility's practice or a coverage's patient's practice (cptFeeFor).
  defineCall(app, deps, AddEditClaim.getCPTFee, {
    handler: async (input, context) => context.data.inScope(cptFeeFor)(input, deps.now().toISOString().slice(0, 10)),
  });
}
