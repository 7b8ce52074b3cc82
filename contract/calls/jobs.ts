/** The Jobs controller's calls, each served at /api/Jobs/<name> (call.ts). */
import { controller, get, noInput, post } from '../call.ts';
import { messageReplySchema } from '../auth.ts';
import { jobIdQuerySchema, jobSchema, myJobsReplySchema } from '../jobs.ts';

export const Jobs = controller('Jobs', {
  // Bulk runs: the browser follows, cancels and closes the jobs it started (the progress bar
  // survives a reload through getMyActiveJobs). Only the job's owner may read or cancel it.
  getJob: get('session', { input: jobIdQuerySchema, reply: jobSchema }),
  cancelJob: post('session', { input: jobIdQuerySchema, reply: jobSchema }),
  getMyActiveJobs: get('session', { input: noInput, reply: myJobsReplySchema }),
  dismissJob: post('session', { input: jobIdQuerySchema, reply: messageReplySchema }),
});
