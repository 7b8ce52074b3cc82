/** The bulk_jobs tables: create, read as the browser sees it, cancel, dismiss. */
import { JOB_FAILURES_LISTED, jobFinished, walkOf, type Job, type JobKind } from '../../../contract/jobs.ts';
import type { ClaimFilter } from '../../../contract/claims.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { ActionSource } from '../context.ts';
import type { JobRecord } from './jobTypes.ts';

const JOB_COLUMNS = `job_id AS "jobId", user_id AS "userId", kind, title, status, source, claim_ids AS "claimIds", query, params,
  patient_ids AS "patientIds",
  total, done, succeeded, failed, last_claim_id AS "lastClaimId", last_patient_id AS "lastPatientId", cancel_requested AS "cancelRequested", error,
  created_at AS "createdAt", started_at AS "startedAt", finished_at AS "finishedAt"`;
/** The same without the claim and patient lists, which can be long: progress polls never need them. */
const VIEW_COLUMNS = JOB_COLUMNS.replace('claim_ids AS "claimIds"', 'NULL AS "claimIds"').replace(
  'patient_ids AS "patientIds"',
  'NULL AS "patientIds"',
);

export interface NewJob {
  userId: number;
  kind: JobKind;
  title: string;
  source: ActionSource;
  /** Sorted, without duplicates; or null when `query` is given. */
  claimIds: number[] | null;
  query: ClaimFilter | null;
  /** A run that walks patients: the patients named (sorted, unique), or null to pick them by its rules. */
  patientIds?: number[] | null;
  params: Record<string, unknown>;
}

export async function createJob(q: Queryable, job: NewJob): Promise<number> {
  const [row] = await q.query<{ jobId: number }>(
    `INSERT INTO bulk_jobs (user_id, kind, title, source, claim_ids, query, params, total, patient_ids)
     VALUES ($1, $2, $3, $4, $5::bigint[], $6::jsonb, $7::jsonb, $8, $9::bigint[]) RETURNING job_id AS "jobId"`,
    [
      job.userId,
      job.kind,
      job.title,
      job.source,
      job.claimIds,
      job.query === null ? null : JSON.stringify(job.query),
      JSON.stringify(job.params),
      job.claimIds?.length ?? job.patientIds?.length ?? 0,
      job.patientIds ?? null,
    ],
  );
  if (!row) throw new Error('The job was not created.');
  return row.jobId;
}

export async function readJobRecord(q: Queryable, jobId: number): Promise<JobRecord | null> {
  type Ids = Array<number | string | bigint> | null;
  const [row] = await q.query<JobRecord & { claimIds: Ids; patientIds: Ids }>(
    `SELECT ${JOB_COLUMNS} FROM bulk_jobs WHERE job_id = $1`,
    [jobId],
  );
  if (!row) return null;
  // bigint[] comes back as strings from pg and as numbers or BigInts from PGlite.
  const numbers = (ids: Ids) => (ids === null ? null : ids.map((id) => Number(id)));
  return {
    ...row,
    claimIds: numbers(row.claimIds),
    patientIds: numbers(row.patientIds),
    lastClaimId: Number(row.lastClaimId),
    lastPatientId: Number(row.lastPatientId),
  };
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The job as the progress bar and the report show it: rate and time left from the clock. */
export function jobView(
  job: JobRecord,
  { failures, patientFailures }: Pick<Job, 'failures' | 'patientFailures'>,
  now: Date,
): Job {
  const started = job.startedAt === null ? null : new Date(job.startedAt).getTime();
  const end = job.finishedAt === null ? now.getTime() : new Date(job.finishedAt).getTime();
  const seconds = started === null ? 0 : (end - started) / 1000;
  const rate = seconds > 0 && job.done > 0 ? job.done / seconds : null;
  const left = Math.max(0, job.total - job.done);
  return {
    jobID: job.jobId,
    kind: job.kind,
    walks: walkOf(job.kind),
    title: job.title,
    status: job.status,
    total: job.total,
    done: job.done,
    succeeded: job.succeeded,
    failed: job.failed,
    ratePerSecond: rate === null ? null : Math.round(rate * 10) / 10,
    secondsLeft: jobFinished(job.status) ? 0 : rate === null ? null : Math.ceil(left / rate),
    createdAt: iso(job.createdAt) ?? '',
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    error: job.error,
    failures,
    patientFailures,
    statementRunID: typeof job.params.runId === 'number' ? job.params.runId : null,
  };
}

async function failuresOf(q: Queryable, jobId: number): Promise<Pick<Job, 'failures' | 'patientFailures'>> {
  const rows = await q.query<{ claimID: number | null; patientID: number | null; reason: string }>(
    `SELECT claim_id AS "claimID", patient_id AS "patientID", reason FROM bulk_job_failures WHERE job_id = $1
      ORDER BY claim_id, patient_id LIMIT ${JOB_FAILURES_LISTED}`,
    [jobId],
  );
  const failures: Job['failures'] = [];
  const patientFailures: Job['patientFailures'] = [];
  for (const { claimID, patientID, reason } of rows) {
    if (claimID !== null) failures.push({ claimID: Number(claimID), reason });
    else if (patientID !== null) patientFailures.push({ patientID: Number(patientID), reason });
  }
  return { failures, patientFailures };
}

/** A job of this user; another user's job answers as not found (its existence is not told). */
export async function readOwnJob(q: Queryable, userId: number, jobId: number, now: Date): Promise<Job> {
  const [job] = await q.query<JobRecord>(`SELECT ${VIEW_COLUMNS} FROM bulk_jobs WHERE job_id = $1`, [jobId]);
  if (!job || job.userId !== userId) throw new NotFoundError('Bulk run not found.');
  return jobView(job, await failuresOf(q, jobId), now);
}

/** Runs still going and finished runs whose report the user has not closed. */
export async function myOpenJobs(q: Queryable, userId: number, now: Date): Promise<Job[]> {
  const rows = await q.query<JobRecord>(
    `SELECT ${VIEW_COLUMNS} FROM bulk_jobs WHERE user_id = $1 AND dismissed_at IS NULL ORDER BY job_id LIMIT 20`,
    [userId],
  );
  return Promise.all(rows.map(async (job) => jobView(job, await failuresOf(q, job.jobId), now)));
}

/**
 * Asks the run to stop: a queued run is cancelled at once, a running one after the chunk in
 * progress (its earlier chunks stay written). A finished run is left as it is.
 */
export async function cancelOwnJob(q: Queryable, userId: number, jobId: number, now: Date): Promise<Job> {
  const [row] = await q.query<{ jobId: number }>(
    `UPDATE bulk_jobs
        SET cancel_requested = true,
            status = CASE WHEN status = 'queued' THEN 'cancelled' ELSE status END,
            finished_at = CASE WHEN status = 'queued' THEN $3 ELSE finished_at END
      WHERE job_id = $1 AND user_id = $2
      RETURNING job_id AS "jobId"`,
    [jobId, userId, now],
  );
  if (!row) throw new NotFoundError('Bulk run not found.');
  return readOwnJob(q, userId, jobId, now);
}

/** The user closed the report: the run no longer comes back after a reload. */
export async function dismissOwnJob(q: Queryable, userId: number, jobId: number, now: Date): Promise<void> {
  const [row] = await q.query<{ jobId: number }>(
    `UPDATE bulk_jobs SET dismissed_at = $3 WHERE job_id = $1 AND user_id = $2 AND status IN ('done', 'cancelled', 'failed') RETURNING job_id AS "jobId"`,
    [jobId, userId, now],
  );
  if (!row) throw new NotFoundError('Bulk run not found, or still running.');
}
