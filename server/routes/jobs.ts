import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { JOB_HANDLERS } from '../services/jobs/handlers.ts';
import { cancelOwnJob, dismissOwnJob, myOpenJobs, readOwnJob } from '../services/jobs/jobStore.ts';
import { JobRunner, type JobRunnerOptions } from '../services/jobs/runner.ts';
import { Jobs } from '../../contract/calls/jobs.ts';
import type { JobKind } from '../../contract/jobs.ts';

/**
 * The bulk-run runner of this server and the calls that follow a run. Returns the runner for the
 * routes that start runs (Claims/saveBulkNotes). Unfinished runs resume when the server is ready;
 * on close the chunk in progress finishes before the database goes.
 */
/** A handler as the runner takes it, whatever kinds of run the list holds. */
type Handler = typeof JOB_HANDLERS extends ReadonlyMap<JobKind, infer H> ? H : never;

export function jobsRoutes(
  app: FastifyInstance,
  deps: AuthDeps,
  options: JobRunnerOptions = {},
  /** Handlers built with what this app was given (the eligibility run's payer). */
  appHandlers: readonly Handler[] = [],
): JobRunner {
  const handlers = new Map<JobKind, Handler>([
    ...JOB_HANDLERS,
    ...appHandlers.map((handler): [JobKind, Handler] => [handler.kind, handler]),
  ]);
  const runner = new JobRunner(deps, handlers, {
    onError: (jobId, error) =>
      app.log.error(
        {
          jobId,
          err: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : undefined,
        },
        'bulk run failed',
      ),
    ...options,
  });
  app.addHook('onReady', () => runner.resumeUnfinished());
  app.addHook('onClose', () => runner.stop());

  defineCall(app, deps, Jobs.getJob, {
    handler: (input, context) => context.data.asUser(readOwnJob)(input.jobID, deps.now()),
  });

  defineCall(app, deps, Jobs.cancelJob, {
    handler: (input, context) => context.data.asUser(cancelOwnJob)(input.jobID, deps.now()),
  });

  defineCall(app, deps, Jobs.getMyActiveJobs, {
    handler: async (_input, context) => ({ jobs: await context.data.asUser(myOpenJobs)(deps.now()) }),
  });

  defineCall(app, deps, Jobs.dismissJob, {
    handler: async (input, context) => {
      await context.data.asUser(dismissOwnJob)(input.jobID, deps.now());
      return { message: 'Report closed.' };
    },
  });

  return runner;
}
