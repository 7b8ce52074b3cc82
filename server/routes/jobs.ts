import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { JOB_HANDLERS } from '../services/jobs/handlers.ts';
import { cancelOwnJob, dismissOwnJob, myOpenJobs, readOwnJob } from '../services/jobs/jobStore.ts';
import { JobRunner, type JobRunnerOptions } from '../services/jobs/runner.ts';
import { Jobs } from '../../contract/calls/jobs.ts';

/**
 * The bulk-run runner of this server and the calls that follow a run. Returns the runner for the
 * routes that start runs (Claims/saveBulkNotes). Unfinished runs resume when the server is ready;
 * on close the chunk in progress finishes before the database goes.
 */
export function jobsRoutes(app: FastifyInstance, deps: AuthDeps, options: JobRunnerOptions = {}): JobRunner {
  const runner = new JobRunner(deps, JOB_HANDLERS, {
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
