import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { revenueCodes, revenueCodesForCpt } from '../services/crosswalks/revenueCodes.ts';
import { MedicalCase } from '../../contract/calls/medicalCase.ts';

/** The NUBC revenue code list and the revenue code the CPT-revenue crosswalk gives a code for a coverage. */
export function revenueCodeRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, MedicalCase.getRevenueCodes, {
    handler: (input, context) => context.data.reference(revenueCodes)(input),
  });

  defineCall(app, deps, MedicalCase.getRevenueCodesForCPT, {
    handler: (input, context) => context.data.inScope(revenueCodesForCpt)(input),
  });
}
