import type { FastifyInstance, FastifyReply } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import { printClaimForm, type PrintedClaimForm } from '../print/printClaimForm.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** The PDF's bytes as a download with its file name. */
function sendPdf(reply: FastifyReply, printed: PrintedClaimForm): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${printed.fileName}"`)
    .send(Buffer.from(printed.bytes));
}

/** The claim forms on paper: the UB-04 of an institutional claim, the CMS-1500 of a professional one. */
export function printRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, AddEditClaim.viewClaimUB04, {
    handler: async (input, context, _request, reply) =>
      sendPdf(reply, await context.data.run(printClaimForm)('ub04', input.claimID, deps.now())),
  });

  defineCall(app, deps, Claims.viewClaimCMS1500, {
    handler: async (input, context, _request, reply) =>
      sendPdf(reply, await context.data.run(printClaimForm)('cms1500', input.claimID, deps.now())),
  });
}
