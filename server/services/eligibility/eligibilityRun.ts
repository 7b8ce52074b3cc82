/**
 * Claims/checkEligibilityForDay: the coverage of every claim of a day of service (tomorrow by
 * default) checked with the payer as a bulk run, so the front desk knows before the patients
 * come. The run walks the day's claims in the data role; each claim's insurance is asked about
 * once per run (the first claim billing it asks, the others read that answer), every check is kept
 * like one asked from the palette, and a claim whose coverage is not active, was rejected or could
 * not be asked is reported with why.
 */
import type { EligibilityRunReply, EligibilityRunRequest } from '../../../contract/eligibility.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Db, Queryable, Transaction } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { createJob } from '../jobs/jobStore.ts';
import type { ChunkClaim, ChunkFailure, JobRecord } from '../jobs/jobTypes.ts';
import type { EligibilityAdapter } from './adapter.ts';
import { checkCoverageInRun, whyNotAskable, type RunCheck } from './checkEligibility.ts';
import { coverageDayKey } from './latestAnswers.ts';

export const NO_COVERAGE_REASON = 'The claim has no insurance to check: choose the patient’s insurance on the claim.';

/** The day after `now`, as the practice's calendar date (UTC, like a check from the palette). */
export function tomorrowOf(now: Date): string {
  return new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Why a claim of the run is reported, from its coverage's answer; null when the coverage is active. */
export function runFailureOf(check: Pick<RunCheck, 'outcome' | 'message'>): string | null {
  return check.outcome === 'active' ? null : check.message;
}

/** Checks that the day has claims, records the run (queued) and its start; the caller hands it to the runner. */
export async function queueEligibilityRun(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: EligibilityRunRequest,
  now: Date,
): Promise<EligibilityRunReply> {
  const dateOfService = input.dateOfService ?? tomorrowOf(now);
  return db.transaction(async (tx) => {
    // Void claims bill nothing: their patients are not asked about.
    const rows = await tx.query<{ id: number }>(
      `SELECT claim_id AS id FROM claims
        WHERE dos_from = $1 AND practice_id = ANY($2::bigint[]) AND claim_status_id <> $3
        ORDER BY claim_id`,
      [dateOfService, scope.practiceIds, CLAIM_STATUS.void],
    );
    const claimIds = rows.map((row) => Number(row.id));
    if (claimIds.length === 0)
      throw new BadRequestError(`No claim in your data role has ${dateOfService} as its date of service.`);
    const jobID = await createJob(tx, {
      userId: actor.userId,
      kind: 'eligibility',
      title: `Check eligibility for claims of ${dateOfService}`,
      source: actor.source,
      claimIds,
      query: null,
      params: { dateOfService },
    });
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'bulk.eligibility.queued',
      recordType: 'bulk_job',
      recordId: jobID,
      source: actor.source,
      ip: actor.ip,
      detail: { claims: claimIds.length, dateOfService },
    });
    return { jobID, dateOfService, claims: claimIds.length };
  });
}

interface ClaimCoverage {
  claimId: number;
  patientID: number;
  patientInsuranceID: number | null;
  dateOfService: string;
}

function claimCoverages(q: Queryable, claims: readonly ChunkClaim[]): Promise<ClaimCoverage[]> {
  return q.query<ClaimCoverage>(
    `SELECT claim_id AS "claimId", patient_id AS "patientID", patient_insurance_id AS "patientInsuranceID",
            dos_from::text AS "dateOfService"
       FROM claims WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_id`,
    [claims.map((claim) => claim.claimId)],
  );
}

/** The answers this run has kept, by coverage and day (the first claim billing a coverage asked). */
async function keptAnswers(q: Queryable, jobID: number): Promise<Map<string, RunCheck>> {
  const kept = new Map<string, RunCheck>();
  for (const row of await q.query<RunCheck & { patientInsuranceID: number; dateOfService: string }>(
    `SELECT inquiry_id AS "inquiryID", outcome, COALESCE(message, '') AS message,
            patient_insurance_id AS "patientInsuranceID", service_date::text AS "dateOfService"
       FROM eligibility_inquiries WHERE job_id = $1 ORDER BY inquiry_id`,
    [jobID],
  ))
    kept.set(coverageDayKey({ patientInsuranceID: Number(row.patientInsuranceID), dateOfService: row.dateOfService }), {
      inquiryID: Number(row.inquiryID),
      outcome: row.outcome,
      message: row.message,
    });
  return kept;
}

const NOT_ASKED_REASON = 'The payer could not be asked during the run: check this claim’s eligibility again.';

/**
 * The run's handler; the adapter is asked for at each chunk, as a single check asks at each call.
 * The payers are asked before the chunk's transaction, each answer kept as it comes (a payer may
 * take seconds, and nothing should wait on a transaction held open that long); the chunk's
 * transaction then reports each claim from the answers kept. A chunk done again (retried, or
 * taken over after its process died) asks only what has no answer kept yet.
 */
export function eligibilityRunHandler(adapter: () => EligibilityAdapter) {
  return {
    kind: 'eligibility' as const,
    async beforeChunk(
      db: Db,
      job: JobRecord,
      claims: readonly ChunkClaim[],
      scope: DataScope,
      now: Date,
    ): Promise<void> {
      const asked = await keptAnswers(db, job.jobId);
      const ask = adapter();
      for (const claim of await claimCoverages(db, claims)) {
        if (claim.patientInsuranceID === null) continue;
        const day = { patientInsuranceID: Number(claim.patientInsuranceID), dateOfService: claim.dateOfService };
        if (asked.has(coverageDayKey(day))) continue;
        try {
          const check = await checkCoverageInRun(
            db,
            { jobID: job.jobId, userID: job.userId, source: job.source },
            scope,
            { patientID: Number(claim.patientID), ...day },
            ask,
            now,
          );
          asked.set(coverageDayKey(day), check);
        } catch (error) {
          // A question that cannot be asked keeps nothing; the chunk reports why.
          if (!(error instanceof BadRequestError || error instanceof NotFoundError)) throw error;
        }
      }
    },
    async processChunk(
      tx: Transaction,
      job: JobRecord,
      claims: readonly ChunkClaim[],
      scope: DataScope,
      now: Date,
    ): Promise<ChunkFailure[]> {
      const asked = await keptAnswers(tx, job.jobId);
      const failures: ChunkFailure[] = [];
      for (const claim of await claimCoverages(tx, claims)) {
        if (claim.patientInsuranceID === null) {
          failures.push({ claimId: claim.claimId, reason: NO_COVERAGE_REASON });
          continue;
        }
        const day = { patientInsuranceID: Number(claim.patientInsuranceID), dateOfService: claim.dateOfService };
        const check = asked.get(coverageDayKey(day));
        const reason = check
          ? runFailureOf(check)
          : ((await whyNotAskable(tx, scope, { patientID: Number(claim.patientID), ...day }, now)) ?? NOT_ASKED_REASON);
        if (reason !== null) failures.push({ claimId: claim.claimId, reason });
      }
      return failures;
    },
  };
}
