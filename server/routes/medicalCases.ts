import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { medicalCaseDetail } from '../services/medicalCases/medicalCaseDetail.ts';
import {
  deleteMedicalCase,
  linkMedicalCaseWithClaims,
  patientMedicalCases,
  saveMedicalCase,
  unlinkMedicalCase,
  updateMedicalCase,
} from '../services/medicalCases/medicalCases.ts';
import { MedicalCase } from '../../contract/calls/medicalCase.ts';

/** A patient's medical cases and the claims linked to them. */
export function medicalCaseRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, MedicalCase.getPatientMedicalCases, {
    handler: async (input, context) => context.data.inScope(patientMedicalCases)(input.patientID),
  });

  defineCall(app, deps, MedicalCase.getMedicalCaseDetailByID, {
    handler: async (input, context) => context.data.inScope(medicalCaseDetail)(input),
  });

  defineCall(app, deps, MedicalCase.saveMedicalCase, {
    handler: async (input, context) => context.data.run(saveMedicalCase)(input),
  });

  defineCall(app, deps, MedicalCase.updateMedicalCase, {
    handler: async (input, context) => context.data.run(updateMedicalCase)(input),
  });

  defineCall(app, deps, MedicalCase.deleteMedicalCase, {
    handler: async (input, context) => context.data.run(deleteMedicalCase)(input.medicalCaseID),
  });

  defineCall(app, deps, MedicalCase.linkMedicalCaseWithClaims, {
    handler: async (input, context) => context.data.run(linkMedicalCaseWithClaims)(input, deps.now()),
  });

  defineCall(app, deps, MedicalCase.unlinkMedicalCase, {
    handler: async (input, context) => context.data.run(unlinkMedicalCase)(input.claimID, deps.now()),
  });
}
