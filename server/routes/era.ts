import type { FastifyInstance } from 'fastify';
import { MAX_ERA_FILE_BYTES, uploadEraQuerySchema } from '../../contract/era.ts';
import { BadRequestError } from '../errors.ts';
import { describeInputError } from '../http/describeInputError.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { claimEraAnswers } from '../services/era/claimEraAnswers.ts';
import { eraCheckLedger } from '../services/era/eraCheckLedger.ts';
import { eraFullDetail } from '../services/era/eraDetail.ts';
import { deleteEraCheck, eraProfile } from '../services/era/eraProfile.ts';
import { deattachEraPosting, linkPaymentPosting } from '../services/era/linkPosting.ts';
import { saveInsurancePayment } from '../services/era/paperPayment.ts';
import { savePatientPayment } from '../services/era/patientPayment.ts';
import { postEraCheck, postingValidation } from '../services/era/postEra.ts';
import { uploadEra } from '../services/era/uploadEra.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** ERA (835) upload and the ERA profile. */
export function eraRoutes(app: FastifyInstance, deps: AuthDeps): void {
  // The 835 is the body itself (text), larger than the server's usual body limit.
  const uploadUrl = `/api${AddEditClaim.uploadERA.path}`;
  app.addHook('onRoute', (route) => {
    if (route.url === uploadUrl) route.bodyLimit = MAX_ERA_FILE_BYTES;
  });

  defineCall(app, deps, AddEditClaim.uploadERA, {
    handler: async (text, context, request) => {
      const query = uploadEraQuerySchema.safeParse(request.query ?? {});
      if (!query.success) throw new BadRequestError(describeInputError(query.error, request.query ?? {}));
      return uploadEra(deps.db, context.actor, await context.scope(), { groupID: query.data.groupID, fileName: query.data.fileName, text });
    },
  });

  defineCall(app, deps, Claims.getERAProfileData, {
    handler: async (input, context) => eraProfile(deps.db, await context.scope(), input),
  });

  defineCall(app, deps, Claims.getERAFullDetail, {
    handler: async (input, context) => eraFullDetail(deps.db, await context.scope(), input),
  });

  defineCall(app, deps, Claims.getERAProfileDataByID, {
    handler: async (input, context) => claimEraAnswers(deps.db, await context.scope(), input),
  });

  defineCall(app, deps, AddEditClaim.getPostingValidationErrors, {
    handler: async (input, context) => postingValidation(deps.db, await context.scope(), input.eraCheckID, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.postInsurancePayment, {
    handler: async (input, context) => postEraCheck(deps.db, context.actor, await context.scope(), input, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.linkPaymentPosting, {
    handler: async (input, context) => linkPaymentPosting(deps.db, context.actor, await context.scope(), input),
  });

  defineCall(app, deps, AddEditClaim.deattachERAPosting, {
    handler: async (input, context) => deattachEraPosting(deps.db, context.actor, await context.scope(), input.eraLineID),
  });

  defineCall(app, deps, AddEditClaim.saveInsurancePayments, {
    handler: async (input, context) => saveInsurancePayment(deps.db, context.actor, await context.scope(), input, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.savePatientPayments, {
    handler: async (input, context) => savePatientPayment(deps.db, context.actor, await context.scope(), input, deps.now()),
  });

  defineCall(app, deps, Claims.getERACheckLedgerRows, {
    handler: async (input, context) => eraCheckLedger(deps.db, await context.scope(), input.eraCheckID),
  });

  defineCall(app, deps, Claims.deleteEraCheckByID, {
    handler: async (input, context) => deleteEraCheck(deps.db, context.actor, await context.scope(), input.eraCheckID),
  });
}
