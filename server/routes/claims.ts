import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { resetPasswordRequestSchema } from '../../contract/auth.ts';
import { claimChargeQuerySchema, claimIDsQuerySchema } from '../../contract/claimListVariants.ts';
import { claimSearchQuerySchema, claimTableQuerySchema } from '../../contract/claims.ts';
import { PASSWORD_RESET_DONE } from '../../contract/messages.ts';
import { bulkNotesRequestSchema } from '../../contract/notes.ts';
import { defineCall, requireActor } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { resetPassword } from '../services/auth/passwords.ts';
import { noteTypes, queueBulkNotes } from '../services/claims/bulkNotes.ts';
import { searchClaimCharges } from '../services/claims/claimChargeList.ts';
import { searchClaimIDs } from '../services/claims/claimIDsList.ts';
import { claimTablePage } from '../services/claims/claimTable.ts';
import { dayOf } from '../services/claims/claimFilters.ts';
import { searchClaims } from '../services/claims/searchClaims.ts';
import type { JobRunner } from '../services/jobs/runner.ts';

export function claimsRoutes(app: FastifyInstance, deps: AuthDeps, jobs: JobRunner): void {
  defineCall(app, deps, 'Claims', 'getAllClaimsSearchData', {
    input: claimSearchQuerySchema,
    handler: async (input, context) => searchClaims(deps.db, requireActor(context), await context.scope(), input, dayOf(deps.now())),
  });

  // JSON text written by the database, sent as it is (Fastify passes strings through).
  defineCall(app, deps, 'Claims', 'getAllClaimsSearchTableData', {
    input: claimTableQuerySchema,
    handler: async (input, context, _request, reply) => {
      const json = await claimTablePage(deps.db, requireActor(context), await context.scope(), input, dayOf(deps.now()));
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });

  // The charge-level and IDs-only variants; the AR ones are the same search with the AR flag.
  for (const [list, ar] of [['All', undefined], ['AR', 'true']] as const) {
    defineCall(app, deps, 'Claims', `get${list}ClaimsSearchChargeData`, {
      input: claimChargeQuerySchema,
      handler: async (input, context) => searchClaimCharges(deps.db, requireActor(context), await context.scope(), { ...input, ar: ar ?? input.ar }, dayOf(deps.now())),
    });
    defineCall(app, deps, 'Claims', `get${list}ClaimsSearchClaimIDS`, {
      input: claimIDsQuerySchema,
      handler: async (input, context) => searchClaimIDs(deps.db, requireActor(context), await context.scope(), { ...input, ar: ar ?? input.ar }, dayOf(deps.now())),
    });
  }

  // A bulk run: the reply carries the job's id at once; the runner works on after the reply.
  defineCall(app, deps, 'Claims', 'saveBulkNotes', {
    input: bulkNotesRequestSchema,
    handler: async (input, context) => {
      const jobID = await queueBulkNotes(deps.db, requireActor(context), input);
      jobs.start(jobID);
      return { jobID };
    },
  });

  // Filed under Repository by the catalogue; mounted here beside the note commands that use it.
  defineCall(app, deps, 'Repository', 'getNoteType', {
    input: z.object({}).strict(),
    handler: () => noteTypes(deps.db),
  });

  // The catalogue files the forgotten-password reset under Claims; the name is kept.
  defineCall(app, deps, 'Claims', 'ResetPassword', {
    input: resetPasswordRequestSchema,
    handler: async (input, { meta }) => {
      await resetPassword(deps, input, meta);
      return { message: PASSWORD_RESET_DONE };
    },
  });
}
