/**
 * The bulk runs this user started, as the progress bar and the report show them. Plain
 * functions, no React: the note command starts following a run, the dock polls it, and after a
 * reload the runs still going (or finished but not yet reported) come back from the server.
 */
import { jobFinished, type Job } from '../../../contract/jobs.ts';
import type { CommandSource } from '../../console/types.ts';
import { cancelJob, dismissJob, getJob, getMyActiveJobs } from '../../api/jobs.ts';
import { defineStore, watchStore } from '../../state/store.ts';
import { pickClaims } from '../claims/claimsGridStore.ts';

export interface BulkRunsState {
  jobs: Job[];
  /** The finished run whose report is open. */
  report: number | null;
}

export const bulkRuns = defineStore<BulkRunsState>(() => ({ jobs: [], report: null }));

export function unfinishedRuns(): Job[] {
  return bulkRuns.jobs.filter((job) => !jobFinished(job.status));
}

function upsert(job: Job): void {
  const index = bulkRuns.jobs.findIndex((each) => each.jobID === job.jobID);
  if (index >= 0) bulkRuns.jobs[index] = job;
  else bulkRuns.jobs.push(job);
  if (jobFinished(job.status) && bulkRuns.report === null) bulkRuns.report = job.jobID;
}

/** Starts following a run the biller just started. */
export async function followRun(jobID: number): Promise<void> {
  upsert(await getJob(jobID, { background: true }));
}

/** The run as last polled, or null when this user is not following it. */
export function runOf(jobID: number): Job | null {
  return bulkRuns.jobs.find((each) => each.jobID === jobID) ?? null;
}

/** Calls `then` once the run has ended (at once when it already has): what it changed is read again then. */
export function whenRunEnds(jobID: number, then: () => void): void {
  const ended = () => {
    const job = bulkRuns.jobs.find((each) => each.jobID === jobID);
    return job === undefined || jobFinished(job.status);
  };
  if (ended()) {
    then();
    return;
  }
  const stop = watchStore(bulkRuns, () => {
    if (!ended()) return;
    stop();
    then();
  });
}

/** One poll: fresh progress of every run still going. */
export async function refreshRuns(): Promise<void> {
  const replies = await Promise.allSettled(
    unfinishedRuns().map((job) => getJob(job.jobID, { background: true, silent: true })),
  );
  for (const reply of replies) if (reply.status === 'fulfilled') upsert(reply.value);
}

/** After sign-in or a reload: the runs the server still has open for this user. */
export async function restoreRuns(): Promise<void> {
  const jobs = await getMyActiveJobs({ background: true, silent: true });
  bulkRuns.jobs = [];
  bulkRuns.report = null;
  for (const job of jobs) upsert(job);
}

/** Cancels the newest run still going; false when none is. Earlier chunks stay written. */
export async function cancelNewestRun(source: CommandSource): Promise<boolean> {
  const running = unfinishedRuns().at(-1);
  if (!running) return false;
  upsert(await cancelJob(running.jobID, { source }));
  return true;
}

/** Closes the report for good (a reload no longer shows it) and opens the next finished one. */
export async function closeReport(): Promise<void> {
  const jobID = bulkRuns.report;
  if (jobID === null) return;
  bulkRuns.report = null;
  bulkRuns.jobs = bulkRuns.jobs.filter((job) => job.jobID !== jobID);
  const next = bulkRuns.jobs.find((job) => jobFinished(job.status));
  if (next) bulkRuns.report = next.jobID;
  await dismissJob(jobID, { background: true, silent: true });
}

/** The claims the run could not change become the selection (and are marked in the grid). */
export function selectFailedClaims(job: Job): number {
  const ids = job.failures.map((failure) => failure.claimID);
  if (ids.length > 0) pickClaims(ids);
  return ids.length;
}
