import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { adjustmentCodes } from '../services/lookups/codeLists.ts';
import { postingDateCheck } from '../services/lookups/postingDateCheck.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { chargeStatusList, claimStatusList, FEE_TYPES, timesOfDay } from '../../contract/lookups.ts';

/** The fixed lists screens pick from, the CARC and RARC lists, and the posting date check. */
export function lookupRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Repository.getReasonCode, {
    handler: (input, context) => context.data.reference(adjustmentCodes)('reason', input),
  });
  defineCall(app, deps, Repository.getRemarkCode, {
    handler: (input, context) => context.data.reference(adjustmentCodes)('remark', input),
  });
  defineCall(app, deps, Repository.getChargeStatus, { handler: () => Promise.resolve(chargeStatusList()) });
  defineCall(app, deps, Repository.getStartAndEndTimeDropdown, { handler: () => Promise.resolve(timesOfDay()) });
  defineCall(app, deps, AddEditClaim.getClaimStatusCode, { handler: () => Promise.resolve(claimStatusList()) });
  defineCall(app, deps, AddEditClaim.getFeeType, { handler: () => Promise.resolve([...FEE_TYPES]) });
  defineCall(app, deps, AddEditClaim.getPostingDateCheck, {
    handler: (input, context) => context.data.inScope(postingDateCheck)(input, deps.now()),
  });
}
