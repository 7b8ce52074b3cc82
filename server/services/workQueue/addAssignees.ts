/**
 * Claims/addAssignees: a supervisor hands a pile of claims (picked, or "all N matching") to
 * several billers at once. A bulk run: each claim goes to the user with the fewest claims of this
 * run so far among the chosen users who see its practice (ties to the one chosen first), so the
 * shares differ by one claim at most when everyone sees every practice. The running tally is
 * kept in the job's params, written in each chunk's transaction with the chunk's cursor, so a run
 * resumed after a restart deals on from where it stood.
 */
import type { AddAssigneesInput } from '../../../contract/assignment.ts';
import type { Db, Transaction } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { filterOf } from '../claims/claimFilters.ts';
import type { Actor } from '../context.ts';
import { createJob } from '../jobs/jobStore.ts';
import type { ChunkClaim, ChunkFailure, JobHandler, JobRecord } from '../jobs/jobTypes.ts';
import { activeAssigneesInOrder, cannotSee, loadAssignees, type AssigneeRecord } from './assignees.ts';

interface AssignParams {
  userIds: number[];
  note: string | null;
  /** Claims dealt to each user so far, by user id. */
  dealt: Record<string, number>;
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number');
const isTally = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'number');

function assignParams(job: JobRecord): AssignParams {
  const { userIds, note, dealt } = job.params;
  if (!isIdList(userIds) || (note !== null && typeof note !== 'string') || !isTally(dealt))
    throw new Error(`Job ${job.jobId} has no users to assign.`);
  return { userIds, note, dealt };
}

/** The user of `eligible` with the fewest claims dealt; `eligible` is in the order chosen. */
export function nextAssignee(
  eligible: readonly AssigneeRecord[],
  dealt: Readonly<Record<string, number>>,
): AssigneeRecord | undefined {
  let best: AssigneeRecord | undefined;
  for (const user of eligible) if (!best || (dealt[user.userId] ?? 0) < (dealt[best.userId] ?? 0)) best = user;
  return best;
}

interface Held {
  claimId: number;
  assignedUserId: number | null;
  note: string | null;
}

export const addAssigneesHandler: JobHandler = {
  kind: 'assign',
  async processChunk(
    tx: Transaction,
    job: JobRecord,
    claims: readonly ChunkClaim[],
    _scope,
    now: Date,
  ): Promise<ChunkFailure[]> {
    const params = assignParams(job);
    const found = await loadAssignees(tx, params.userIds);
    const users = params.userIds.flatMap((userId) => {
      const user = found.get(userId);
      return user?.active ? [user] : [];
    });
    const held = new Map(
      (
        await tx.query<Held>(
          `SELECT claim_id AS "claimId", assigned_user_id AS "assignedUserId", assign_user_note AS note
             FROM claims WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_id FOR NO KEY UPDATE`,
          [claims.map((claim) => claim.claimId)],
        )
      ).map((claim) => [claim.claimId, claim]),
    );
    const dealt = { ...params.dealt };
    const failures: ChunkFailure[] = [];
    const moves: { claimId: number; from: number | null; to: AssigneeRecord }[] = [];
    for (const claim of claims) {
      const to = nextAssignee(
        users.filter((user) => user.practiceIds.has(claim.practiceId)),
        dealt,
      );
      if (!to) {
        const reason =
          users.length === 0
            ? 'None of the chosen users is active any more.'
            : users.length === 1 && users[0]
              ? cannotSee(users[0].name)
              : 'None of the chosen users can see claims of this practice.';
        failures.push({ claimId: claim.claimId, reason });
        continue;
      }
      dealt[to.userId] = (dealt[to.userId] ?? 0) + 1;
      const before = held.get(claim.claimId);
      if (before?.assignedUserId !== to.userId || before.note !== params.note)
        moves.push({ claimId: claim.claimId, from: before?.assignedUserId ?? null, to });
    }
    if (moves.length > 0) {
      await tx.query(
        `UPDATE claims c SET assigned_user_id = x.user_id, assign_user_note = $3, updated_at = $4
           FROM unnest($1::bigint[], $2::bigint[]) AS x (claim_id, user_id) WHERE c.claim_id = x.claim_id`,
        [moves.map((move) => move.claimId), moves.map((move) => move.to.userId), params.note, now],
      );
      await tx.query(
        `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
         SELECT x.claim_id, $5, 'claim.assigned', $6,
                jsonb_strip_nulls(jsonb_build_object('fromUserID', x.from_user_id, 'toUserID', x.to_user_id, 'assignedTo', x.name, 'note', $7::text, 'jobID', $8::bigint)), $9
           FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[]) AS x (claim_id, from_user_id, to_user_id, name)`,
        [
          moves.map((move) => move.claimId),
          moves.map((move) => move.from),
          moves.map((move) => move.to.userId),
          moves.map((move) => move.to.name),
          job.userId,
          job.source,
          params.note,
          job.jobId,
          now,
        ],
      );
    }
    await tx.query(`UPDATE bulk_jobs SET params = jsonb_set(params, '{dealt}', $2::jsonb) WHERE job_id = $1`, [
      job.jobId,
      JSON.stringify(dealt),
    ]);
    return failures;
  },
};

function runTitle(users: readonly AssigneeRecord[]): string {
  if (users.length === 1 && users[0]) return `Assign claims to ${users[0].name}`;
  if (users.length <= 3) return `Assign claims to ${users.map((user) => user.name).join(', ')}`;
  return `Assign claims to ${users.length} users`;
}

/** Records the run (queued) and its start in the audit log; the caller hands the id to the runner. */
export async function queueAddAssignees(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: AddAssigneesInput,
): Promise<number> {
  const claimIds = input.claimIDs ? [...new Set(input.claimIDs)].sort((a, b) => a - b) : null;
  const query = input.query ? filterOf(input.query) : null;
  return db.transaction(async (tx) => {
    const users = await activeAssigneesInOrder(tx, scope, input.assignedUserIDs);
    const jobId = await createJob(tx, {
      userId: actor.userId,
      kind: 'assign',
      title: runTitle(users),
      source: actor.source,
      claimIds,
      query,
      params: { userIds: input.assignedUserIDs, note: input.note ?? null, dealt: {} },
    });
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'bulk.assign.queued',
      recordType: 'bulk_job',
      recordId: jobId,
      source: actor.source,
      ip: actor.ip,
      detail: { ...(claimIds ? { claims: claimIds.length } : { query }), assignedUserIDs: input.assignedUserIDs },
    });
    return jobId;
  });
}
