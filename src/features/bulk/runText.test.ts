import { describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs.ts';
import { outcomeText, progressText, timeLeftText } from './runText.ts';

const job: Job = {
  jobID: 1,
  kind: 'notes',
  title: 'Add note (General)',
  status: 'running',
  total: 20_000,
  done: 1_500,
  succeeded: 1_498,
  failed: 2,
  ratePerSecond: 812.4,
  secondsLeft: 23,
  createdAt: '2026-11-22T15:00:00.000Z',
  startedAt: '2026-11-22T15:00:00.000Z',
  finishedAt: null,
  error: null,
  failures: [],
};

describe('bulk run wording', () => {
  it('shows done / total, percent, rate and time left', () => {
    expect(progressText(job)).toBe('1,500 / 20,000 (7 %) · 812/s · 23 s left');
    expect(progressText({ ...job, ratePerSecond: null, secondsLeft: null, done: 0 })).toBe(
      '0 / 20,000 (0 %) · estimating…',
    );
  });

  it('reads minutes and hours as a biller would', () => {
    expect(timeLeftText(250)).toBe('4 min 10 s left');
    expect(timeLeftText(3_725)).toBe('1 h 2 min left');
  });

  it('says how a run ended', () => {
    expect(outcomeText({ ...job, status: 'cancelled' })).toBe(
      'Cancelled after 1,500 of 20,000 claims. 1,498 changed, 2 could not be changed.',
    );
    expect(outcomeText({ ...job, status: 'done', done: 20_000, succeeded: 19_998 })).toBe(
      'Done: 20,000 of 20,000 claims. 19,998 changed, 2 could not be changed.',
    );
  });
});
