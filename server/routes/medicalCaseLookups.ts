import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { dayOf } from '../services/claims/claimFilters.ts';
import {
  linkableClaimsForMedicalCase,
  medicalCaseLookups,
  openMedicalCaseForClaim,
} from '../services/medicalCases/medicalCaseLookups.ts';
import { MedicalCase } from '../../contract/calls/medicalCase.ts';

/** The case types a new case picks from, the claims a case can take, and the open case a claim belongs in. */
export function medicalCaseLookupRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, MedicalCase.getMedicalCaseLookups, {
    handler: async (input, context) => context.data.inScope(medicalCaseLookups)(input.patientID),
  });

  defineCall(app, deps, MedicalCase.getLinkableClaimsForMedicalCase, {
    handler: async (input, context) => context.data.inScope(linkableClaimsForMedicalCase)(input),
  });

  defineCall(app, deps, MedicalCase.getOpenMedicalCaseForClaim, {
    handler: async (input, context) => context.data.inScope(openMedicalCaseForClaim)(input, dayOf(deps.now())),
  });
}
