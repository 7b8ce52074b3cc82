import type { FastifyInstance } from 'fastify';
import { PASSWORD_RESET_DONE } from '../../contract/messages.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { resetPassword } from '../services/auth/passwords.ts';
import { noteTypes, queueBulkNotes } from '../services/claims/bulkNotes.ts';
import { searchClaimCharges } from '../services/claims/claimChargeList.ts';
import { searchClaimIDs } from '../services/claims/claimIDsList.ts';
import { claimTablePage } from '../services/claims/claimTable.ts';
import { dayOf } from '../services/claims/claimFilters.ts';
import { searchClaims } from '../services/claims/searchClaims.ts';
import type { JobRunner } from '../services/jobs/runner.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';

export function claimsRoutes(app: FastifyInstance, deps: AuthDeps, jobs: JobRunner): void {
  defineCall(app, deps, Claims.getAllClaimsSearchData, {
    handler: async (input, context) => context.data.run(searchClaims)(input, dayOf(deps.now())),
  });

  // JSON text written by the database, sent as it is (Fastify passes strings through).
  defineCall(app, deps, Claims.getAllClaimsSearchTableData, {
    handler: async (input, context, _request, reply) => {
      const json = await context.data.run(claimTablePage)(input, dayOf(deps.now()));
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });

  // The charge-level and IDs-only variants; the AR ones are the same search with the AR flag.
  for (const [charges, ids, ar] of [
    [Claims.getAllClaimsSearchChargeData, Claims.getAllClaimsSearchClaimIDS, undefined],
    [Claims.getARClaimsSearchChargeData, Claims.getARClaimsSearchClaimIDS, 'true'],
  ] as const) {
    defineCall(app, deps, charges, {
      handler: async (input, context) =>
        context.data.run(searchClaimCharges)({ ...input, ar: ar ?? input.ar }, dayOf(deps.now())),
    });
    defineCall(app, deps, ids, {
      handler: async (input, context) =>
        context.data.run(searchClaimIDs)({ ...input, ar: ar ?? input.ar }, dayOf(deps.now())),
    });
  }

  // A bulk run: the reply carries the job's id at once; the runner works on after the reply.
  defineCall(app, deps, Claims.saveBulkNotes, {
    handler: async (input, context) => {
      const jobID = await context.data.asActor(queueBulkNotes)(input);
      jobs.start(jobID);
      return { jobID };
    },
  });

  // Filed under Repository by the catalogue; mounted here beside the note commands that use it.
  defineCall(app, deps, Repository.getNoteType, {
    handler: (_input, context) => context.data.reference(noteTypes)(),
  });

  // The catalogue files the forgotten-password reset under Claims; the name is kept.
  defineCall(app, deps, Claims.ResetPassword, {
    handler: async (input, { meta }) => {
      await resetPassword(deps, input, meta);
      return { message: PASSWORD_RESET_DONE };
    },
  });
}
