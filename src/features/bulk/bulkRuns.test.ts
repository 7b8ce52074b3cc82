import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../contract/jobs.ts';
import { resetStores } from '../../state/store.ts';
import { bulkRuns, whenRunEnds } from './bulkRuns.ts';

const run = (status: Job['status']): Job => ({
  jobID: 7,
  kind: 'notes',
  walks: 'claims',
  title: 'Add note (General)',
  status,
  total: 3,
  done: status === 'done' ? 3 : 1,
  succeeded: 1,
  failed: 0,
  ratePerSecond: null,
  secondsLeft: null,
  createdAt: '2026-11-22T15:00:00Z',
  startedAt: null,
  finishedAt: null,
  error: null,
  failures: [],
  patientFailures: [],
  statementRunID: null,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('waiting for a bulk run to end', () => {
  beforeEach(() => resetStores());

  it('calls back once, when the run reaches an end state, not while it runs', async () => {
    bulkRuns.jobs = [run('running')];
    const then = vi.fn();
    whenRunEnds(7, then);
    bulkRuns.jobs = [{ ...run('running'), done: 2 }];
    await settle();
    expect(then).not.toHaveBeenCalled();
    bulkRuns.jobs = [run('done')];
    await settle();
    bulkRuns.jobs = [{ ...run('done'), succeeded: 3 }];
    await settle();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('calls back at once for a run that already ended or is not followed', () => {
    const then = vi.fn();
    whenRunEnds(99, then);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
