/**
 * Runs bulk jobs in this process, in bounded chunks: each chunk is one transaction that changes
 * its claims, records the claims refused and why, moves the job's cursor and progress, and writes
 * the audit row. Between chunks the runner yields (other requests get the database) and reads the
 * cancel flag. A stopped server leaves its runs 'running'; the next start carries on from the
 * cursor, which was saved with the last chunk that committed, so no claim is changed twice.
 */
import type { JobKind } from '../../../contract/jobs.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { loadDataScope, type DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { claimFilterWhere } from '../claims/claimFilters.ts';
import type { ServiceDeps } from '../context.ts';
import { readJobRecord, unfinishedJobIds } from './jobStore.ts';
import { NOT_FOUND_REASON, type ChunkClaim, type ChunkFailure, type JobHandler, type JobRecord } from './jobTypes.ts';

export interface JobRunnerOptions {
  /** Claims per chunk (one transaction each). */
  chunkSize?: number;
  /** Awaited between chunks; the default yields to the event loop so requests are served. */
  pause?: (jobId: number) => Promise<void>;
  /** Told about a run that stopped on an unexpected error. */
  onError?: (jobId: number, error: unknown) => void;
}

const DEFAULT_CHUNK_SIZE = 500;
const RUN_FAILED =
  'The run stopped on an unexpected error. Claims before it were changed; start it again for the rest.';
const USER_INACTIVE = 'The run stopped: your account is no longer active.';

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The first `size` ids above `after` in a sorted list. */
export function nextIds(sorted: readonly number[], after: number, size: number): number[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= after) low = middle + 1;
    else high = middle;
  }
  return sorted.slice(low, low + size);
}

async function scopeOfUser(q: Queryable, userId: number): Promise<DataScope | null> {
  const [user] = await q.query<{ dataRoleId: number; active: boolean }>(
    'SELECT data_role_id AS "dataRoleId", active FROM users WHERE user_id = $1',
    [userId],
  );
  if (!user?.active) return null;
  return loadDataScope(q, user.dataRoleId);
}

export class JobRunner {
  private readonly running = new Map<number, Promise<void>>();
  private stopping = false;
  private readonly chunkSize: number;
  private readonly pause: (jobId: number) => Promise<void>;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly handlers: ReadonlyMap<JobKind, JobHandler>,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
    this.pause = options.pause ?? yieldToRequests;
  }

  /** Starts (or resumes) a job without waiting for it; the reply to the request goes out at once. */
  start(jobId: number): void {
    if (this.stopping || this.running.has(jobId)) return;
    const run = this.run(jobId).finally(() => this.running.delete(jobId));
    this.running.set(jobId, run);
  }

  /** Waits for a job this process is running (tests, shutdown). */
  async settled(jobId: number): Promise<void> {
    await this.running.get(jobId);
  }

  /** At server start: carry on with the runs a stopped server left unfinished. */
  async resumeUnfinished(): Promise<void> {
    for (const jobId of await unfinishedJobIds(this.deps.db)) this.start(jobId);
  }

  /** At shutdown: finish the chunk in progress, then leave the runs for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running.values());
  }

  private async run(jobId: number): Promise<void> {
    const { db } = this.deps;
    try {
      let job = await this.begin(jobId);
      while (job && !this.stopping) {
        await this.pause(jobId);
        if (this.stopping) return;
        job = await readJobRecord(db, jobId);
        if (!job || job.status !== 'running') return;
        if (job.cancelRequested) return await this.finish(jobId, 'cancelled', null);
        const scope = await scopeOfUser(db, job.userId);
        if (!scope) return await this.finish(jobId, 'failed', USER_INACTIVE);
        const ids = await this.nextChunk(db, job, scope);
        if (ids.length === 0) return await this.finish(jobId, 'done', null);
        await this.runChunk(db, job, scope, ids);
      }
    } catch (error) {
      this.options.onError?.(jobId, error);
      await this.finish(jobId, 'failed', RUN_FAILED).catch(() => undefined);
    }
  }

  /** Marks the job running; a search run ("all N matching") counts its claims under the data role now. */
  private async begin(jobId: number): Promise<JobRecord | null> {
    const { db } = this.deps;
    const job = await readJobRecord(db, jobId);
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return null;
    if (!this.handlers.has(job.kind)) {
      await this.finish(jobId, 'failed', `This server cannot run "${job.kind}" jobs.`);
      return null;
    }
    let total = job.total;
    if (job.query !== null && job.status === 'queued') {
      const scope = await scopeOfUser(db, job.userId);
      const where = claimFilterWhere(job.query, scope?.practiceIds ?? []);
      const [row] = await db.query<{ total: number }>(
        `SELECT count(*)::bigint AS total FROM claims c WHERE ${where.sql}`,
        where.values,
      );
      total = row?.total ?? 0;
    }
    await db.query(
      `UPDATE bulk_jobs SET status = 'running', total = $2, started_at = coalesce(started_at, $3) WHERE job_id = $1`,
      [jobId, total, this.deps.now()],
    );
    return readJobRecord(db, jobId);
  }

  private async nextChunk(q: Queryable, job: JobRecord, scope: DataScope): Promise<number[]> {
    if (job.claimIds !== null) return nextIds(job.claimIds, job.lastClaimId, this.chunkSize);
    const where = claimFilterWhere(job.query ?? {}, scope.practiceIds);
    const rows = await q.query<{ id: number }>(
      `SELECT c.claim_id AS id FROM claims c WHERE ${where.sql} AND c.claim_id > $${where.values.length + 1} ORDER BY c.claim_id LIMIT ${this.chunkSize}`,
      [...where.values, job.lastClaimId],
    );
    return rows.map((row) => row.id);
  }

  private async runChunk(db: Db, job: JobRecord, scope: DataScope, ids: number[]): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) throw new Error(`No handler for ${job.kind}`);
    const now = this.deps.now();
    await db.transaction(async (tx) => {
      const found = await tx.query<ChunkClaim>(
        `SELECT claim_id AS "claimId", group_id AS "groupId", practice_id AS "practiceId", claim_status_id AS "claimStatusId"
           FROM claims WHERE claim_id = ANY($1::bigint[])`,
        [ids],
      );
      const byId = new Map(found.map((claim) => [claim.claimId, claim]));
      const allowed = new Set(scope.practiceIds);
      const failures: ChunkFailure[] = [];
      const workable: ChunkClaim[] = [];
      for (const id of ids) {
        const claim = byId.get(id);
        // Another data role's claim reads as missing, as a single call answers 404 for it.
        if (!claim || !allowed.has(claim.practiceId)) failures.push({ claimId: id, reason: NOT_FOUND_REASON });
        else workable.push(claim);
      }
      if (workable.length > 0) failures.push(...(await handler.processChunk(tx, job, workable, scope, now)));
      if (failures.length > 0) {
        await tx.query(
          'INSERT INTO bulk_job_failures (job_id, claim_id, reason) SELECT $1, unnest($2::bigint[]), unnest($3::text[])',
          [job.jobId, failures.map((failure) => failure.claimId), failures.map((failure) => failure.reason)],
        );
      }
      const succeeded = ids.length - failures.length;
      await tx.query(
        `UPDATE bulk_jobs SET done = done + $2, succeeded = succeeded + $3, failed = failed + $4, last_claim_id = $5,
                total = GREATEST(total, done + $2) WHERE job_id = $1`,
        [job.jobId, ids.length, succeeded, failures.length, ids[ids.length - 1]],
      );
      const failed = new Set(failures.map((failure) => failure.claimId));
      await writeAudit(tx, {
        userId: job.userId,
        action: `bulk.${job.kind}`,
        recordType: 'bulk_job',
        recordId: job.jobId,
        source: job.source,
        detail: { claimIDs: ids.filter((id) => !failed.has(id)), failed: failures.length },
      });
    });
  }

  private async finish(jobId: number, status: 'done' | 'cancelled' | 'failed', error: string | null): Promise<void> {
    await this.deps.db.query(
      `UPDATE bulk_jobs SET status = $2, error = $3, finished_at = $4,
              -- Claims deleted while a search run went on: a finished run ends at 100 %.
              total = CASE WHEN $2 = 'done' THEN done ELSE total END
        WHERE job_id = $1 AND status IN ('queued', 'running')`,
      [jobId, status, error, this.deps.now()],
    );
  }
}
