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
      return context.data.run(uploadEra)({ groupID: query.data.groupID, fileName: query.data.fileName, text });
    },
  });

  defineCall(app, deps, Claims.getERAProfileData, {
    handler: async (input, context) => context.data.inScope(eraProfile)(input),
  });

  defineCall(app, deps, Claims.getERAFullDetail, {
    handler: async (input, context) => context.data.inScope(eraFullDetail)(input),
  });

  defineCall(app, deps, Claims.getERAProfileDataByID, {
    handler: async (input, context) => context.data.inScope(claimEraAnswers)(input),
  });

  defineCall(app, deps, AddEditClaim.getPostingValidationErrors, {
    handler: async (input, context) => context.data.inScope(postingValidation)(input.eraCheckID, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.postInsurancePayment, {
    handler: async (input, context) => context.data.run(postEraCheck)(input, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.linkPaymentPosting, {
    handler: async (input, context) => context.data.run(linkPaymentPosting)(input),
  });

  defineCall(app, deps, AddEditClaim.deattachERAPosting, {
    handler: async (input, context) => context.data.run(deattachEraPosting)(input.eraLineID),
  });

  defineCall(app, deps, AddEditClaim.saveInsurancePayments, {
    handler: async (input, context) => context.data.run(saveInsurancePayment)(input, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.savePatientPayments, {
    handler: async (input, context) => context.data.run(savePatientPayment)(input, deps.now()),
  });

  defineCall(app, deps, Claims.getERACheckLedgerRows, {
    handler: async (input, context) => context.data.inScope(eraCheckLedger)(input.eraCheckID),
  });

  defineCall(app, deps, Claims.deleteEraCheckByID, {
    handler: async (input, context) => context.data.run(deleteEraCheck)(input.eraCheckID),
  });
}
