import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { addUpdateFeeSchedule, deleteFeeSchedule, feeScheduleData } from '../services/feeSchedules/feeSchedules.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** The practices' fee schedules that getCPTFee prices from. */
export function feeScheduleRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Claims.getFeeScheduleData, {
    handler: async (input, context) => context.data.inScope(feeScheduleData)(input.practiceID, input.feeScheduleID),
  });

  defineCall(app, deps, AddEditClaim.addUpdateFeeSchedule, {
    handler: async (input, context) => context.data.run(addUpdateFeeSchedule)(input),
  });

  defineCall(app, deps, AddEditClaim.deleteFeeSchedule, {
    handler: async (input, context) => context.data.run(deleteFeeSchedule)(input.feeScheduleID),
  });
}
