import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { updateChargesSortOrder } from '../services/claims/chargeOrder.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** The order of a claim's charge lines. */
export function chargeOrderRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Claims.updateChargesSortOrder, {
    handler: async (input, context) => context.data.run(updateChargesSortOrder)(input, deps.now()),
  });
}
