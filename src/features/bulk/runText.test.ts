import { describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs.ts';
import { outcomeText, progressText, timeLeftText } from './runText.ts';

const job: Job = {
  jobID: 1,
  kind: 'notes',
  walks: 'claims',
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
  patientFailures: [],
  statementRunID: null,
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

  it('counts patients and statements for a statement run', () => {
    const statements: Job = {
      ...job,
      kind: 'patient_statements',
      walks: 'patients',
      status: 'done',
      statementRunID: 4,
    };
    expect(outcomeText({ ...statements, done: 1_200, total: 1_200, succeeded: 1_190, failed: 10 })).toBe(
      'Done: 1,200 of 1,200 patients. 1,190 statements stored, 10 patients skipped.',
    );
    expect(outcomeText({ ...statements, done: 1, total: 1, succeeded: 1, failed: 0 })).toBe(
      'Done: 1 of 1 patients. 1 statement stored, 0 patients skipped.',
    );
  });
});
