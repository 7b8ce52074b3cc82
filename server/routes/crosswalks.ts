import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import {
  addUpdateNdcCrosswalk,
  deleteNdcCrosswalk,
  ndcCrosswalkByID,
  ndcCrosswalks,
} from '../services/crosswalks/ndcCrosswalks.ts';
import { practiceChoices } from '../services/crosswalks/practices.ts';
import {
  addUpdateRevenueCrosswalk,
  deleteRevenueCrosswalk,
  revenueCrosswalkSearch,
} from '../services/crosswalks/revenueCrosswalks.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { MedicalCase } from '../../contract/calls/medicalCase.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** The practices' CPT-NDC and CPT-revenue crosswalks that saveCharge codes new lines from. */
export function crosswalkRoutes(app: FastifyInstance, deps: AuthDeps): void {
  // Crosswalks belong to a practice, so their screens and commands start by choosing one.
  defineCall(app, deps, Repository.getPractices, {
    handler: async (_input, context) => context.data.inScope(practiceChoices)(),
  });

  defineCall(app, deps, Claims.getCptNdcData, {
    handler: async (input, context) => context.data.inScope(ndcCrosswalks)(input),
  });

  defineCall(app, deps, Claims.getCptNdcCrosswalkData, {
    handler: async (input, context) => context.data.inScope(ndcCrosswalks)(input),
  });

  defineCall(app, deps, AddEditClaim.getCptNdcCrosswalkByID, {
    handler: async (input, context) => context.data.inScope(ndcCrosswalkByID)(input.cptNdcCrosswalkID),
  });

  // The claim screen's save of a code's NDC data and the crosswalk screen's save are one record.
  for (const call of [AddEditClaim.addUpdateCptNdcData, AddEditClaim.addUpdateCptNdcCrosswalk]) {
    defineCall(app, deps, call, {
      handler: async (input, context) => context.data.run(addUpdateNdcCrosswalk)(input),
    });
  }

  defineCall(app, deps, AddEditClaim.deleteCptNdcCrosswalk, {
    handler: async (input, context) => context.data.run(deleteNdcCrosswalk)(input.cptNdcCrosswalkID),
  });

  defineCall(app, deps, MedicalCase.getRevenueCrossWalkSearch, {
    handler: async (input, context) => context.data.inScope(revenueCrosswalkSearch)(input),
  });

  defineCall(app, deps, MedicalCase.addUpdateCptRevenueCrosswalk, {
    handler: async (input, context) => context.data.run(addUpdateRevenueCrosswalk)(input),
  });

  defineCall(app, deps, MedicalCase.deleteCptRevenueCrosswalk, {
    handler: async (input, context) => context.data.run(deleteRevenueCrosswalk)(input.cptRevenueCrosswalkID),
  });
}
