import type { Job } from '../../../contract/jobs.ts';
import { useStore } from '../../state/useStore.ts';
import { bulkRuns } from './bulkRuns.ts';

/** A run this user follows, as last polled (a screen re-renders with each poll); null when not followed. */
export function useRun(jobID: number | null): Job | null {
  const { jobs } = useStore(bulkRuns);
  return jobID === null ? null : (jobs.find((job) => job.jobID === jobID) ?? null);
}
