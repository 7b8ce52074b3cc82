import type { FastifyInstance } from 'fastify';
import { refundAdvancePaymentSchema } from '../../contract/advancePayments.ts';
import { BadRequestError } from '../errors.ts';
import { describeInputError } from '../http/describeInputError.ts';
import { defineCall } from '../http/defineCall.ts';
import { addAdvancePayment, saveCollectedAdvancePayments } from '../services/advancePayments/addAdvancePayment.ts';
import { allAdvancePayments } from '../services/advancePayments/allAdvancePayments.ts';
import { applyAdvancePayment } from '../services/advancePayments/applyAdvancePayment.ts';
import {
  claimAdvancePayments,
  patientAdvancePayments,
  patientUnappliedAdvance,
} from '../services/advancePayments/listAdvancePayments.ts';
import { refundAdvancePayment } from '../services/advancePayments/refundAdvancePayment.ts';
import { reverseAdvancePayment } from '../services/advancePayments/reverseAdvancePayment.ts';
import { updateAdvanceDos } from '../services/advancePayments/updateAdvanceDos.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Patient } from '../../contract/calls/patient.ts';

/** Advance payments: a patient's credit, added, listed, applied to charges, refunded, reversed, re-dated. */
export function advancePaymentRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Patient.savePatientAdvancePayments, {
    handler: async (input, context) => context.data.run(addAdvancePayment)(input, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.savePatientCollectedAdvancePaymentList, {
    handler: async (input, context) =>
      context.data.run(saveCollectedAdvancePayments)(input.advancePayments, deps.now()),
  });

  defineCall(app, deps, Patient.getPatientAdvancePayments, {
    handler: async (input, context) => context.data.run(patientAdvancePayments)(input.patientID),
  });

  defineCall(app, deps, Patient.getAdvancePaymentsData, {
    handler: async (input, context) => context.data.run(allAdvancePayments)(input),
  });

  defineCall(app, deps, Patient.getPatientUnappliedAdvancePayment, {
    handler: async (input, context) => context.data.inScope(patientUnappliedAdvance)(input.patientID),
  });

  defineCall(app, deps, AddEditClaim.getClaimAdvancePayments, {
    handler: async (input, context) => context.data.inScope(claimAdvancePayments)(input.claimID),
  });

  defineCall(app, deps, AddEditClaim.applyAdvancePatientPayments, {
    handler: async (input, context) => context.data.run(applyAdvancePayment)(input, deps.now()),
  });

  defineCall(app, deps, Patient.reverseAdvancePayment, {
    handler: async (input, context) => context.data.run(reverseAdvancePayment)(input, deps.now()),
  });

  // The catalogue sends the refund in the query string of a POST; whatever body comes is ignored.
  defineCall(app, deps, Patient.refundAdvancePayment, {
    handler: async (_body, context, request) => {
      const query = refundAdvancePaymentSchema.safeParse(request.query ?? {});
      if (!query.success) throw new BadRequestError(describeInputError(query.error, request.query ?? {}));
      return context.data.run(refundAdvancePayment)(query.data, deps.now());
    },
  });

  defineCall(app, deps, Patient.updateAdvancePaymentDOS, {
    handler: async (input, context) => context.data.run(updateAdvanceDos)(input),
  });
}
