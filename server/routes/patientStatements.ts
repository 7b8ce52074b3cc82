import type { FastifyInstance } from 'fastify';
import { Patient } from '../../contract/calls/patient.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { dayOf } from '../services/claims/claimFilters.ts';
import { patientStatements } from '../services/patientStatements/statementData.ts';
import { selectStatementPatients } from '../services/patientStatements/statementSelection.ts';

/** Patient statements: who is billed, and what each statement says. */
export function patientStatementRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Patient.getPatientStatementsIDS, {
    handler: (input, context) => context.data.run(selectStatementPatients)(input, dayOf(deps.now())),
  });
  defineCall(app, deps, Patient.getPatientStatementsData, {
    handler: (input, context) =>
      context.data.run(patientStatements)(input.patientIDs, input.statementDate ?? dayOf(deps.now())),
  });
}
