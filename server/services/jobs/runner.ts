/**
 * Runs bulk jobs in bounded chunks: each chunk is one transaction that changes its claims, records
 * the claims refused and why, moves the job's cursor and progress, and writes the audit row.
 * Between chunks the runner yields (other requests get the database) and reads the cancel flag.
 *
 * Several server processes may share one database: a process works a run only while it holds the
 * run's lease (bulk_jobs.lease_owner, lease_until, on the database's clock). Each chunk renews the
 * lease under the run's row lock and checks, under the same lock, that the cursor is where the
 * chunk started, so a chunk is applied once whoever works the run. Every process polls for runs
 * nobody holds (new ones, and those of a process that died, once their lease has run out) and
 * takes them with FOR UPDATE SKIP LOCKED; a process shutting down lets go of its leases at once.
 *
 * What a run walks is set by its kind (its handler's `walks`): claims, by claim_ids or a search,
 * with the cursor last_claim_id; or patients, by patient_ids (named, or picked by the handler's
 * rules when the run starts), with the cursor last_patient_id.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobKind } from '../../../contract/jobs.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { loadUserScope, type DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { claimFilterWhere } from '../claims/claimFilters.ts';
import type { ServiceDeps } from '../context.ts';
import { readJobRecord } from './jobStore.ts';
import {
  NOT_FOUND_REASON,
  PATIENT_NOT_FOUND_REASON,
  type ChunkClaim,
  type ChunkFailure,
  type ChunkPatient,
  type JobHandler,
  type JobRecord,
  type PatientChunkFailure,
  type PatientJobHandler,
  type RunHandler,
} from './jobTypes.ts';

export interface JobRunnerOptions {
  /** Claims per chunk (one transaction each). */
  chunkSize?: number;
  /** Awaited between chunks; the default yields to the event loop so requests are served. */
  pause?: (jobId: number) => Promise<void>;
  /** Told about a run that stopped on an unexpected error. */
  onError?: (jobId: number, error: unknown) => void;
  /** How long a lease holds without a chunk renewing it; another process takes the run over after. */
  leaseSeconds?: number;
  /** How often this process looks for runs nobody holds; 0 looks only at start. */
  pollSeconds?: number;
}

/** This process no longer holds the run's lease: another one works it now. */
class LeaseLost extends Error {}

const DEFAULT_CHUNK_SIZE = 500;
const DEFAULT_LEASE_SECONDS = 30;
const DEFAULT_POLL_SECONDS = 5;
const RUN_FAILED =
  'The run stopped on an unexpected error. Records before it were changed; start it again for the rest.';
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
  // What the user works on, as the list they ran it from was read (the selection narrows the data role).
  return loadUserScope(q, userId, user.dataRoleId);
}

export class JobRunner {
  private readonly running = new Map<number, Promise<void>>();
  private stopping = false;
  private readonly chunkSize: number;
  private readonly pause: (jobId: number) => Promise<void>;
  private readonly leaseSeconds: number;
  /** Who holds a lease: this process, told apart from the others on the database. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private poller: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly handlers: ReadonlyMap<JobKind, RunHandler>,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
    this.pause = options.pause ?? yieldToRequests;
    this.leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
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

  /**
   * At server start, and then every pollSeconds: take the runs nobody holds (a stopped or dead
   * process's, or new ones another process has not started) and work them.
   */
  async resumeUnfinished(): Promise<void> {
    await this.takeFreeRuns();
    const pollSeconds = this.options.pollSeconds ?? DEFAULT_POLL_SECONDS;
    if (pollSeconds > 0 && !this.poller) {
      this.poller = setInterval(() => {
        this.takeFreeRuns().catch((error: unknown) => this.options.onError?.(0, error));
      }, pollSeconds * 1000);
      this.poller.unref();
    }
  }

  /** Leases the runs nobody holds (SKIP LOCKED: processes polling at once take different ones) and starts them. */
  private async takeFreeRuns(): Promise<void> {
    if (this.stopping) return;
    const taken = await this.deps.db.query<{ jobId: number }>(
      `WITH free AS (
         SELECT job_id FROM bulk_jobs
          WHERE status IN ('queued', 'running') AND (lease_owner IS NULL OR lease_until < now())
          ORDER BY job_id LIMIT 20 FOR UPDATE SKIP LOCKED)
       UPDATE bulk_jobs b SET lease_owner = $1, lease_until = now() + make_interval(secs => $2)
         FROM free WHERE b.job_id = free.job_id
       RETURNING b.job_id AS "jobId"`,
      [this.owner, this.leaseSeconds],
    );
    for (const { jobId } of taken) this.start(jobId);
  }

  /** Takes or renews the run's lease; false when another process holds it. */
  private async holdLease(q: Queryable, jobId: number): Promise<boolean> {
    const held = await q.query(
      `UPDATE bulk_jobs SET lease_owner = $2, lease_until = now() + make_interval(secs => $3)
        WHERE job_id = $1 AND (lease_owner IS NULL OR lease_owner = $2 OR lease_until < now())
        RETURNING job_id`,
      [jobId, this.owner, this.leaseSeconds],
    );
    return held.length > 0;
  }

  /** At shutdown: finish the chunk in progress, then let go of the leases so another process (or the next start) carries on. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.poller) clearInterval(this.poller);
    await Promise.all(this.running.values());
    await this.deps.db
      .query(`UPDATE bulk_jobs SET lease_until = now() WHERE lease_owner = $1 AND status IN ('queued', 'running')`, [
        this.owner,
      ])
      .catch(() => undefined);
  }

  private async run(jobId: number): Promise<void> {
    const { db } = this.deps;
    try {
      if (!(await this.holdLease(db, jobId))) return;
      let job = await this.begin(jobId);
      while (job && !this.stopping) {
        await this.pause(jobId);
        if (this.stopping) return;
        job = await readJobRecord(db, jobId);
        if (!job || job.status !== 'running') return;
        const handler = this.handlers.get(job.kind);
        if (!handler) throw new Error(`No handler for ${job.kind}`);
        if (job.cancelRequested) return await this.end(job, handler, 'cancelled');
        const scope = await scopeOfUser(db, job.userId);
        if (!scope) return await this.finish(jobId, 'failed', USER_INACTIVE);
        if (handler.walks === 'patients') {
          const ids = nextIds(job.patientIds ?? [], job.lastPatientId, this.chunkSize);
          if (ids.length === 0) return await this.end(job, handler, 'done');
          await this.runPatientChunk(db, job, handler, scope, ids);
        } else {
          const ids = await this.nextChunk(db, job, scope);
          if (ids.length === 0) return await this.finish(jobId, 'done', null);
          await this.runChunk(db, job, handler, scope, ids);
        }
      }
    } catch (error) {
      if (error instanceof LeaseLost) return;
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
    const handler = this.handlers.get(job.kind);
    if (handler?.walks === 'patients') return this.beginPatients(job, handler);
    let total = job.total;
    if (job.query !== null && job.status === 'queued') {
      const scope = await scopeOfUser(db, job.userId);
      const where = claimFilterWhere(job.query, scope ?? { practiceIds: [] });
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

  /** A run by rules picks its patients under the data role once, as it starts; a named run has them. */
  private async beginPatients(job: JobRecord, handler: PatientJobHandler): Promise<JobRecord | null> {
    const { db } = this.deps;
    if (job.patientIds === null && job.status === 'queued') {
      const scope = await scopeOfUser(db, job.userId);
      if (!scope) {
        await this.finish(job.jobId, 'failed', USER_INACTIVE);
        return null;
      }
      const picked = [...new Set(await handler.selectPatients(db, job, scope))].sort((a, b) => a - b);
      // Only while still queued and ours: a process that took the run over meanwhile picks its own.
      await db.query(
        `UPDATE bulk_jobs SET patient_ids = $2::bigint[], total = $3 WHERE job_id = $1 AND status = 'queued' AND lease_owner = $4`,
        [job.jobId, picked, picked.length, this.owner],
      );
    }
    await db.query(
      `UPDATE bulk_jobs SET status = 'running', started_at = coalesce(started_at, $2)
        WHERE job_id = $1 AND patient_ids IS NOT NULL AND status IN ('queued', 'running')`,
      [job.jobId, this.deps.now()],
    );
    const begun = await readJobRecord(db, job.jobId);
    return begun?.status === 'running' ? begun : null;
  }

  private async nextChunk(q: Queryable, job: JobRecord, scope: DataScope): Promise<number[]> {
    if (job.claimIds !== null) return nextIds(job.claimIds, job.lastClaimId, this.chunkSize);
    const where = claimFilterWhere(job.query ?? {}, scope);
    const rows = await q.query<{ id: number }>(
      `SELECT c.claim_id AS id FROM claims c WHERE ${where.sql} AND c.claim_id > $${where.values.length + 1} ORDER BY c.claim_id LIMIT ${this.chunkSize}`,
      [...where.values, job.lastClaimId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Under the run's row lock: the run is still this process's, and its cursor still where this
   * chunk starts (so the chunk was not applied by anyone); renews the lease.
   */
  private async lockChunk(tx: Queryable, job: JobRecord): Promise<void> {
    const [held] = await tx.query<{ lastClaimId: number; lastPatientId: number; owner: string | null }>(
      `SELECT last_claim_id AS "lastClaimId", last_patient_id AS "lastPatientId", lease_owner AS owner
         FROM bulk_jobs WHERE job_id = $1 FOR UPDATE`,
      [job.jobId],
    );
    if (
      !held ||
      held.owner !== this.owner ||
      Number(held.lastClaimId) !== job.lastClaimId ||
      Number(held.lastPatientId) !== job.lastPatientId
    )
      throw new LeaseLost();
    await tx.query('UPDATE bulk_jobs SET lease_until = now() + make_interval(secs => $2) WHERE job_id = $1', [
      job.jobId,
      this.leaseSeconds,
    ]);
  }

  /** The chunk's claims as the database has them now: those in the data role, and the rest refused. */
  private async chunkClaims(
    q: Queryable,
    scope: DataScope,
    ids: number[],
  ): Promise<{ workable: ChunkClaim[]; failures: ChunkFailure[] }> {
    const found = await q.query<ChunkClaim>(
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
    return { workable, failures };
  }

  /**
   * A chunk's outcome, in its transaction: the records refused with why, the progress and the
   * cursor (claims or patients, as the run walks), and the run's audit row naming what changed.
   */
  private async recordChunk(
    tx: Queryable,
    job: JobRecord,
    walks: 'claim' | 'patient',
    ids: readonly number[],
    failures: readonly { id: number; reason: string }[],
  ): Promise<void> {
    if (failures.length > 0) {
      await tx.query(
        `INSERT INTO bulk_job_failures (job_id, ${walks}_id, reason) SELECT $1, unnest($2::bigint[]), unnest($3::text[])`,
        [job.jobId, failures.map((failure) => failure.id), failures.map((failure) => failure.reason)],
      );
    }
    await tx.query(
      `UPDATE bulk_jobs SET done = done + $2, succeeded = succeeded + $3, failed = failed + $4, last_${walks}_id = $5,
              total = GREATEST(total, done + $2) WHERE job_id = $1`,
      [job.jobId, ids.length, ids.length - failures.length, failures.length, ids[ids.length - 1]],
    );
    const failed = new Set(failures.map((failure) => failure.id));
    await writeAudit(tx, {
      userId: job.userId,
      action: `bulk.${job.kind}`,
      recordType: 'bulk_job',
      recordId: job.jobId,
      source: job.source,
      detail: { [`${walks}IDs`]: ids.filter((id) => !failed.has(id)), failed: failures.length },
    });
  }

  private async runChunk(db: Db, job: JobRecord, handler: JobHandler, scope: DataScope, ids: number[]): Promise<void> {
    if (handler.beforeChunk) {
      const { workable } = await this.chunkClaims(db, scope, ids);
      if (workable.length > 0) await handler.beforeChunk(db, job, workable, scope, this.deps.now());
    }
    const now = this.deps.now();
    await db.transaction(async (tx) => {
      await this.lockChunk(tx, job);
      const { workable, failures } = await this.chunkClaims(tx, scope, ids);
      if (workable.length > 0) failures.push(...(await handler.processChunk(tx, job, workable, scope, now)));
      await this.recordChunk(
        tx,
        job,
        'claim',
        ids,
        failures.map((failure) => ({ id: failure.claimId, reason: failure.reason })),
      );
    });
  }

  /**
   * A chunk of patients: the handler reads them first (outside the transaction), then its writes,
   * the failures, the cursor and the audit row commit together under the run's row lock.
   */
  private async runPatientChunk(
    db: Db,
    job: JobRecord,
    handler: PatientJobHandler,
    scope: DataScope,
    ids: number[],
  ): Promise<void> {
    const found = await db.query<ChunkPatient>(
      `SELECT patient_id AS "patientId", practice_id AS "practiceId", in_collections AS "inCollections"
         FROM patients WHERE patient_id = ANY($1::bigint[])`,
      [ids],
    );
    const byId = new Map(found.map((patient) => [Number(patient.patientId), patient]));
    const allowed = new Set(scope.practiceIds);
    const refused: PatientChunkFailure[] = [];
    const workable: ChunkPatient[] = [];
    for (const id of ids) {
      const patient = byId.get(id);
      // Another data role's patient reads as missing, as a single call answers 404 for it.
      if (!patient || !allowed.has(Number(patient.practiceId)))
        refused.push({ patientId: id, reason: PATIENT_NOT_FOUND_REASON });
      else workable.push({ ...patient, patientId: id, practiceId: Number(patient.practiceId) });
    }
    const write = workable.length > 0 ? await handler.readChunk(db, job, workable, scope) : null;
    const now = this.deps.now();
    await db.transaction(async (tx) => {
      await this.lockChunk(tx, job);
      const failures = [...refused, ...(write ? await write(tx, now) : [])];
      await this.recordChunk(
        tx,
        job,
        'patient',
        ids,
        failures.map((failure) => ({ id: failure.patientId, reason: failure.reason })),
      );
    });
  }

  /** The run has ended: a handler that completes runs (a statement run's combined file) does so in the same transaction. */
  private async end(job: JobRecord, handler: RunHandler, status: 'done' | 'cancelled'): Promise<void> {
    if (handler.walks !== 'patients' || !handler.complete) return this.finish(job.jobId, status, null);
    const complete = handler.complete.bind(handler);
    await this.deps.db.transaction(async (tx) => {
      await this.lockChunk(tx, job);
      await complete(tx, job, this.deps.now());
      await this.finish(job.jobId, status, null, tx);
    });
  }

  private async finish(
    jobId: number,
    status: 'done' | 'cancelled' | 'failed',
    error: string | null,
    q: Queryable = this.deps.db,
  ): Promise<void> {
    await q.query(
      `UPDATE bulk_jobs SET status = $2, error = $3, finished_at = $4, lease_owner = NULL, lease_until = NULL,
              -- Claims deleted while a search run went on: a finished run ends at 100 %.
              total = CASE WHEN $2 = 'done' THEN done ELSE total END
        WHERE job_id = $1 AND status IN ('queued', 'running')`,
      [jobId, status, error, this.deps.now()],
    );
  }
}
