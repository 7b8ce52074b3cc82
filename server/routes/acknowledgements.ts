import type { FastifyInstance } from 'fastify';
import { MAX_ACKNOWLEDGEMENT_FILE_BYTES, uploadAcknowledgementQuerySchema } from '../../contract/acknowledgements.ts';
import { AbilityApiIntegration } from '../../contract/calls/abilityApiIntegration.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { BadRequestError } from '../errors.ts';
import { defineCall } from '../http/defineCall.ts';
import { describeInputError } from '../http/describeInputError.ts';
import { applyAcknowledgementFile } from '../services/acknowledgements/applyAcknowledgementFile.ts';
import { checkClaimStatus } from '../services/acknowledgements/checkClaimStatus.ts';
import {
  abilityClaimEvents,
  abilityStatusData,
  abilityStatusList,
  claimStatusByID,
  claimStatusDetails,
} from '../services/acknowledgements/claimStatusReads.ts';
import { resendClaimAsReplacement } from '../services/acknowledgements/resendReplacement.ts';
import type { AuthDeps } from '../services/auth/deps.ts';

/** Acknowledgements (999, 277CA), claim status (276/277) and the events listed on a claim. */
export function acknowledgementRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const uploadUrl = `/api${AbilityApiIntegration.uploadAcknowledgementFile.path}`;
  app.addHook('onRoute', (route) => {
    if (route.url === uploadUrl) route.bodyLimit = MAX_ACKNOWLEDGEMENT_FILE_BYTES;
  });

  defineCall(app, deps, AddEditClaim.getClaimStatusByID, {
    handler: async (input, context) => context.data.inScope(claimStatusByID)(input.claimID),
  });
  defineCall(app, deps, AddEditClaim.getClaimStatusDetailsByID, {
    handler: async (input, context) => context.data.inScope(claimStatusDetails)(input.claimID),
  });
  defineCall(app, deps, AbilityApiIntegration.getAbilityStatusList, {
    handler: async (input, context) => context.data.inScope(abilityStatusList)(input.claimID),
  });
  defineCall(app, deps, AbilityApiIntegration.getAbilityStatusData, {
    handler: async (input, context) => context.data.inScope(abilityStatusData)(input.inquiryID),
  });
  defineCall(app, deps, AbilityApiIntegration.getAbilityClaimEvents, {
    handler: async (input, context) => context.data.inScope(abilityClaimEvents)(input.claimID),
  });
  defineCall(app, deps, AbilityApiIntegration.checkClaimStatus, {
    handler: async (input, context) => context.data.run(checkClaimStatus)(input.claimIDS, deps.now()),
  });
  defineCall(app, deps, AbilityApiIntegration.resendClaimAsReplacement, {
    handler: async (input, context) => context.data.run(resendClaimAsReplacement)(input.claimID, deps.now()),
  });
  defineCall(app, deps, AbilityApiIntegration.uploadAcknowledgementFile, {
    handler: async (text, context, request) => {
      const query = uploadAcknowledgementQuerySchema.safeParse(request.query ?? {});
      if (!query.success) throw new BadRequestError(describeInputError(query.error, request.query ?? {}));
      const result = await context.data.run((db, actor, scope) =>
        applyAcknowledgementFile(db, {
          fileName: query.data.fileName,
          text,
          clearinghouseId: null,
          appliedBy: actor.userId,
          scope,
          now: deps.now(),
        }),
      )();
      if (result.outcome === 'error') throw new BadRequestError([result.message, ...result.problems].join(' '));
      const { acknowledgementFileID: _id, ...reply } = result;
      return reply;
    },
  });
}
