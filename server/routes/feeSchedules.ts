import type { FastifyInstance } from 'fastify';
import { addUpdateFeeScheduleRequestSchema, feeScheduleDataQuerySchema, feeScheduleIDRequestSchema } from '../../contract/feeSchedules.ts';
import { defineCall, requireActor } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { addUpdateFeeSchedule, deleteFeeSchedule, feeScheduleData } from '../services/feeSchedules/feeSchedules.ts';

/** The practices' fee schedules that getCPTFee prices from. */
export function feeScheduleRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, 'Claims', 'getFeeScheduleData', {
    input: feeScheduleDataQuerySchema,
    handler: async (input, context) => feeScheduleData(deps.db, await context.scope(), input.practiceID, input.feeScheduleID),
  });

  defineCall(app, deps, 'AddEditClaim', 'addUpdateFeeSchedule', {
    input: addUpdateFeeScheduleRequestSchema,
    handler: async (input, context) => addUpdateFeeSchedule(deps.db, requireActor(context), await context.scope(), input),
  });

  defineCall(app, deps, 'AddEditClaim', 'deleteFeeSchedule', {
    input: feeScheduleIDRequestSchema,
    handler: async (input, context) => deleteFeeSchedule(deps.db, requireActor(context), await context.scope(), input.feeScheduleID),
  });
}
