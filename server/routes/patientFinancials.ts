import type { FastifyInstance } from 'fastify';
import { Patient } from '../../contract/calls/patient.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { dayOf } from '../services/claims/claimFilters.ts';
import { getPatientFinancialDetails, getPatientFinancials } from '../services/patientFinancials/patientFinancials.ts';
import { getPatientTransactions } from '../services/patientFinancials/patientTransactions.ts';

/** A patient's money: the summary with its aging, claim by claim, and every posting in order. */
export function patientFinancialsRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Patient.getPatientFinancialsByID, {
    handler: (input, context) => context.data.run(getPatientFinancials)(input.patientID, dayOf(deps.now())),
  });
  defineCall(app, deps, Patient.getPatientFinancialDetailsByID, {
    handler: (input, context) => context.data.run(getPatientFinancialDetails)(input.patientID, dayOf(deps.now())),
  });
  defineCall(app, deps, Patient.getPatientTransectionStatement, {
    handler: (input, context) => context.data.run(getPatientTransactions)(input),
  });
}
