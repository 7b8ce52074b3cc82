import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { getClaimCharges, getClaimDetail } from '../services/claims/claimDetail.ts';
import { getPaymentLedgers } from '../services/ledger/paymentLedgers.ts';
import { getPatientInfo } from '../services/patients/patientInfo.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Patient } from '../../contract/calls/patient.ts';

/**
 * The reads behind the claim detail screen and the workspace panes: one claim, its charges, the
 * ledger of a claim or a patient, and the patient. Each is limited to the user's data role.
 */
export function claimDetailRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Claims.getClaimDetailData, {
    handler: async (input, context) => context.data.run(getClaimDetail)(input.claimID),
  });

  defineCall(app, deps, Claims.getChargesData, {
    handler: async (input, context) => context.data.run(getClaimCharges)(input.claimID),
  });

  defineCall(app, deps, Claims.getPaymentLedgers, {
    handler: async (input, context) => context.data.run(getPaymentLedgers)(input),
  });

  defineCall(app, deps, Patient.getPatientInfoByID, {
    handler: async (input, context) => context.data.run(getPatientInfo)(input.patientID),
  });
}
