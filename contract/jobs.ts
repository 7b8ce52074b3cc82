import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * Bulk runs: a command over many claims runs on the server as a job, in chunks, and the browser
 * follows it (progress bar, cancel, report). The Jobs/* calls are this product's own, listed
 * beyond the catalogue in endpoints.ts.
 */
export const JOB_KINDS = [
  'notes',
  'write_off',
  'tasks',
  'assign',
  'charge_batch',
  'patient_statements',
  'eligibility',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** What a run walks: claims, or (statement runs) patients. */
export const JOB_WALKS = ['claims', 'patients'] as const;
export type JobWalk = (typeof JOB_WALKS)[number];

/** The record kind each kind of run walks. */
export function walkOf(kind: JobKind): JobWalk {
  return kind === 'patient_statements' ? 'patients' : 'claims';
}

export const JOB_STATUSES = ['queued', 'running', 'done', 'cancelled', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A run that will change nothing more. */
export function jobFinished(status: JobStatus): boolean {
  return status === 'done' || status === 'cancelled' || status === 'failed';
}

/** Why one claim of a run was not changed, in the biller's words. */
export const jobFailureSchema = deferred(() => z.object({ claimID: z.number().int(), reason: z.string() }));
export type JobFailure = z.infer<typeof jobFailureSchema>;

/** Why one patient of a run that walks patients was skipped. */
export const patientFailureSchema = deferred(() => z.object({ patientID: z.number().int(), reason: z.string() }));
export type PatientFailure = z.infer<typeof patientFailureSchema>;

/** The most failures one reply lists; the count is always complete. */
export const JOB_FAILURES_LISTED = 1000;

export const jobSchema = deferred(() =>
  z.object({
    jobID: z.number().int(),
    kind: z.enum(JOB_KINDS),
    walks: z.enum(JOB_WALKS),
    /** What the run does, e.g. "Add note (Follow-up)". */
    title: z.string(),
    status: z.enum(JOB_STATUSES),
    total: z.number().int(),
    done: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    /** Records (claims or patients) per second since the run started; null before the first chunk. */
    ratePerSecond: z.number().nullable(),
    secondsLeft: z.number().int().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    /** Why the whole run stopped (status 'failed'). */
    error: z.string().nullable(),
    failures: z.array(jobFailureSchema),
    /** A run that walks patients: the patients it skipped and why. */
    patientFailures: z.array(patientFailureSchema),
    /** A statement run: its print run, whose combined file opens once the run has ended. */
    statementRunID: z.number().int().nullable(),
  }),
);
export type Job = z.infer<typeof jobSchema>;

export const jobStartedReplySchema = deferred(() => z.object({ jobID: z.number().int() }));
export type JobStartedReply = z.infer<typeof jobStartedReplySchema>;

export const jobIdQuerySchema = deferred(() =>
  z.object({ jobID: numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) }).strict(),
);

/** Runs still going, and finished ones whose report the user has not closed yet. */
export const myJobsReplySchema = deferred(() => z.object({ jobs: z.array(jobSchema) }));
export type MyJobsReply = z.infer<typeof myJobsReplySchema>;
