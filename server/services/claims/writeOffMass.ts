/**
 * Bulk write-offs: Claims/getMassWriteOffData shows what a run would take (count, total, the
 * first claims), AddEditClaim/saveWriteOffByID with claimIDS or query queues the run, and the job
 * runner hands it chunk by chunk to `writeOffJobHandler`, one transaction each. Every claim of a
 * run loses its whole balance, or is refused with why: a small-balance run (`maxBalanceCents`)
 * takes only balances above $0.00 and up to the limit.
 *
 * Claims named by id run as named (the report says why any was refused). A search ("all N
 * matching") is run once when queued, under the data role, and keeps only the claims that qualify,
 * so the run takes the claims the biller confirmed rather than whatever matches later.
 */
import { Params } from '../../db/params.ts';
import { claimScopeSql, type ClaimScope } from '../access/claimScope.ts';
import { z } from 'zod';
import type { ClaimFilter } from '../../../contract/claims.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { formatCents } from '../../../contract/money.ts';
import {
  MASS_WRITE_OFF_LIMIT,
  PREVIEW_SAMPLE_SIZE,
  type MassWriteOffDataReply,
  type MassWriteOffInput,
  type MassWriteOffQueryInput,
  type MassWriteOffReply,
  type MassWriteOffRow,
} from '../../../contract/writeOff.ts';
import type { Db, Queryable, Transaction } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { createJob } from '../jobs/jobStore.ts';
import {
  NOT_FOUND_REASON,
  type ChunkClaim,
  type ChunkFailure,
  type JobHandler,
  type JobRecord,
} from '../jobs/jobTypes.ts';
import { claimFilterWhere, type SqlCondition } from './claimFilters.ts';
import { monthLockedReason, postingDateOrRefuse, reasonOrRefuse } from './writeOff.ts';
import { planWriteOff } from './writeOffPlan.ts';
import { LEDGER_DISAGREES, postWriteOffs, type WriteOffPosting } from './writeOffPosting.ts';
import { isLocked, lockClaimBooks, lockedPractices, type ClaimBooks } from '../ledger/claimBooks.ts';

/** `where` narrowed to the claims a run would write off: not void, balance above zero and within the limit. */
function candidates(where: SqlCondition, maxBalanceCents: number | undefined): SqlCondition {
  const values = [...where.values, CLAIM_STATUS.void];
  let sql = `${where.sql} AND c.claim_status_id <> $${values.length} AND c.balance_cents > 0`;
  if (maxBalanceCents !== undefined) {
    values.push(maxBalanceCents);
    sql += ` AND c.balance_cents <= $${values.length}`;
  }
  return { sql, values };
}

function listedClaims(claimIds: readonly number[], scope: ClaimScope): SqlCondition {
  const values: unknown[] = [];
  const param = new Params(values).add;
  const sql = `${claimScopeSql('c', scope, param)} AND c.claim_id = ANY(${param(claimIds)}::bigint[])`;
  return { sql, values };
}

/** Claims/getMassWriteOffData. */
export async function massWriteOffData(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  input: MassWriteOffQueryInput,
): Promise<MassWriteOffDataReply> {
  const { claimIDS, maxBalanceCents, ...filter } = input;
  const where = candidates(claimIDS ? listedClaims(claimIDS, scope) : claimFilterWhere(filter, scope), maxBalanceCents);
  const [sums] = await q.query<{ count: number; totalCents: number }>(
    `SELECT count(*)::bigint AS count, coalesce(sum(c.balance_cents), 0)::bigint AS "totalCents" FROM claims c WHERE ${where.sql}`,
    where.values,
  );
  const rows = await q.query<MassWriteOffRow>(
    `SELECT c.claim_id AS "claimID", c.patient_name AS "patientName", c.dos_from AS "dosFrom", cs.name AS "claimStatus", c.balance_cents AS balance
       FROM claims c JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
      WHERE ${where.sql} ORDER BY c.claim_id LIMIT ${PREVIEW_SAMPLE_SIZE}`,
    where.values,
  );
  const count = sums?.count ?? 0;
  await writeAudit(q, {
    userId: actor.userId,
    action: 'claims.writeOff.preview',
    source: actor.source,
    ip: actor.ip,
    detail: { count, maxBalanceCents: maxBalanceCents ?? null },
  });
  return { count, totalCents: sums?.totalCents ?? 0, rows };
}

/** The claims of an "all N matching" run, found now under the data role. */
async function matchingClaims(
  q: Queryable,
  filter: ClaimFilter,
  scope: DataScope,
  maxBalanceCents: number | undefined,
): Promise<number[]> {
  const where = candidates(claimFilterWhere(filter, scope), maxBalanceCents);
  const rows = await q.query<{ id: number }>(
    `SELECT c.claim_id AS id FROM claims c WHERE ${where.sql} ORDER BY c.claim_id LIMIT ${MASS_WRITE_OFF_LIMIT + 1}`,
    where.values,
  );
  if (rows.length > MASS_WRITE_OFF_LIMIT) {
    throw new BadRequestError(
      `More than ${MASS_WRITE_OFF_LIMIT.toLocaleString('en-US')} claims match: narrow the search (a practice, a date range) and run the write-off in parts.`,
    );
  }
  if (rows.length === 0) {
    throw new BadRequestError(
      maxBalanceCents === undefined
        ? 'No matching claim has a balance to write off.'
        : `No matching claim has a balance between $0.01 and ${formatCents(maxBalanceCents)}.`,
    );
  }
  return rows.map((row) => row.id);
}

const jobParamsSchema = z.object({
  reasonId: z.number().int(),
  postingDate: z.string(),
  note: z.string().nullable(),
  maxBalanceCents: z.number().int().nullable(),
});
type WriteOffJobParams = z.infer<typeof jobParamsSchema>;

/** Queues the run and records its start in the audit log, in one transaction; the caller hands the job to the runner. */
export async function queueMassWriteOff(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: MassWriteOffInput,
  now: Date,
): Promise<MassWriteOffReply> {
  const reason = reasonOrRefuse(input.reasonID);
  const postingDate = postingDateOrRefuse(input.postingDate, now);
  return db.transaction(async (tx) => {
    const claimIds = input.query
      ? await matchingClaims(tx, input.query, scope, input.maxBalanceCents)
      : [...new Set(input.claimIDS ?? [])].sort((a, b) => a - b);
    const params: WriteOffJobParams = {
      reasonId: reason.reasonID,
      postingDate,
      note: input.note ?? null,
      maxBalanceCents: input.maxBalanceCents ?? null,
    };
    const limit = input.maxBalanceCents === undefined ? '' : ` up to ${formatCents(input.maxBalanceCents)}`;
    const jobId = await createJob(tx, {
      userId: actor.userId,
      kind: 'write_off',
      title: `Write off balances${limit} (${reason.name})`,
      source: actor.source,
      claimIds,
      query: null,
      params,
    });
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'bulk.write_off.queued',
      recordType: 'bulk_job',
      recordId: jobId,
      source: actor.source,
      ip: actor.ip,
      detail: { claims: claimIds.length, ...params, ...(input.query ? { query: input.query } : {}) },
    });
    const claims = claimIds.length === 1 ? '1 claim' : `${claimIds.length.toLocaleString('en-US')} claims`;
    return { message: `Writing off ${claims}.`, jobID: jobId };
  });
}

function paramsOf(job: JobRecord): WriteOffJobParams {
  const parsed = jobParamsSchema.safeParse(job.params);
  if (!parsed.success) throw new Error(`Job ${job.jobId} has no write-off to post.`);
  return parsed.data;
}

/** The claim's whole balance as a posting, or why the run leaves it alone. */
function runPosting(
  book: ClaimBooks,
  params: WriteOffJobParams,
  locked: ReadonlySet<string>,
): WriteOffPosting | string {
  const { claim } = book;
  const plan = planWriteOff(claim, book.lines, null);
  if (!plan.ok) return plan.reason;
  if (params.maxBalanceCents !== null && claim.balanceCents > params.maxBalanceCents) {
    return `The balance of ${formatCents(claim.balanceCents)} is above this run's limit of ${formatCents(params.maxBalanceCents)}.`;
  }
  if (!book.agrees) return LEDGER_DISAGREES;
  if (isLocked(locked, claim)) return monthLockedReason(params.postingDate);
  return { claim, amountCents: plan.amountCents, parts: plan.parts };
}

export const writeOffJobHandler: JobHandler = {
  kind: 'write_off',
  async processChunk(
    tx: Transaction,
    job: JobRecord,
    claims: readonly ChunkClaim[],
    scope: DataScope,
    now: Date,
  ): Promise<ChunkFailure[]> {
    const params = paramsOf(job);
    const reason = reasonOrRefuse(params.reasonId);
    const books = await lockClaimBooks(
      tx,
      claims.map((claim) => claim.claimId),
      scope.practiceIds,
    );
    const locked = await lockedPractices(
      tx,
      [...books.values()].map((book) => book.claim),
      params.postingDate,
    );
    const failures: ChunkFailure[] = [];
    const postings: WriteOffPosting[] = [];
    for (const { claimId } of claims) {
      const book = books.get(claimId);
      // The runner found it a moment ago; a claim moved out of reach since is left alone.
      const posting = book ? runPosting(book, params, locked) : NOT_FOUND_REASON;
      if (typeof posting === 'string') failures.push({ claimId, reason: posting });
      else postings.push(posting);
    }
    await postWriteOffs(tx, postings, {
      userId: job.userId,
      source: job.source,
      reason,
      postingDate: params.postingDate,
      note: params.note,
      now,
      jobId: job.jobId,
    });
    return failures;
  },
};
