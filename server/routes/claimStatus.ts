import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ChargeStatusRefusal } from '../../contract/chargeStatus.ts';
import { BadRequestWithErrors } from '../errorList.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { changeChargeStatus, getChargeStatusHistory } from '../services/claims/chargeStatus.ts';
import { changeClaimScrubStatus, changeClaimStatus, updateClaimsStatus } from '../services/claims/claimStatus.ts';
import { deleteCharge } from '../services/claims/deleteCharge.ts';
import { voidEncounter } from '../services/claims/voidEncounter.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** Sends a refusal that carries a list as `{ message, errors }`; the error handler sends `{ message }` alone. */
async function withErrorList<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof BadRequestWithErrors)) throw error;
    const body: ChargeStatusRefusal = { message: error.message, errors: [...error.errors] };
    return reply.status(error.statusCode).send(body);
  }
}

/** Status changes of claims and charge lines, deleting a line and voiding an encounter. */
export function claimStatusRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Claims.changeClaimStatus, {
    handler: async (input, context) => context.data.run(changeClaimStatus)(input, deps.now()),
  });

  defineCall(app, deps, Claims.updateClaimsStatus, {
    handler: async (input, context) =>
      context.data.run(updateClaimsStatus)(input.claimIDS, input.claimStatusID, deps.now()),
  });

  defineCall(app, deps, Claims.changeClaimScrubStatus, {
    handler: async (input, context) => context.data.run(changeClaimScrubStatus)(input, deps.now()),
  });

  defineCall(app, deps, Claims.changeChargeStatus, {
    handler: (input, context, _request, reply) =>
      withErrorList(reply, () => context.data.run(changeChargeStatus)(input, deps.now())),
  });

  defineCall(app, deps, Claims.getChargeStatusHistory, {
    handler: async (input, context) => context.data.run(getChargeStatusHistory)(input.chargeID),
  });

  defineCall(app, deps, AddEditClaim.deleteChargeByID, {
    handler: async (input, context) => context.data.run(deleteCharge)(input.id, deps.now()),
  });

  // A GET in the catalogue, kept so: the existing client calls it that way.
  defineCall(app, deps, AddEditClaim.voidEncounterClaim, {
    handler: async (input, context) => context.data.run(voidEncounter)(input, deps.now()),
  });
}
