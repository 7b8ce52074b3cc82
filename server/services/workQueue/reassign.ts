/**
 * Claims/reassignClaim: up to 20,000 claims (listed, or found by a search) go to one user, or to
 * nobody. One transaction per 500 claims, so a large reassignment never holds thousands of claim
 * locks at once; each chunk writes its claims, their DNA events and one audit row together. A
 * claim outside the caller's data role is "not found"; a claim of a practice the assignee cannot
 * see is refused and left as it was.
 */
import { REFUSALS_LISTED, type ReassignInput, type ReassignReply } from '../../../contract/assignment.ts';
import { BULK_CLAIM_IDS_LIMIT } from '../../../contract/notes.ts';
import type { RefusedClaim } from '../../../contract/scrub.ts';
import type { Db, Queryable, Transaction } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { claimFilterWhere, filterOf } from '../claims/claimFilters.ts';
import type { Actor } from '../context.ts';
import { activeAssignee, cannotSee, type AssigneeRecord } from './assignees.ts';

export const REASSIGN_CHUNK = 500;

const notFound = (claimID: number) => `Claim ${claimID} was not found.`;
const count = (n: number) => (n === 1 ? '1 claim' : `${n.toLocaleString('en-US')} claims`);

interface Held {
  claimId: number;
  practiceId: number;
  assignedUserId: number | null;
  note: string | null;
}

async function claimIdsOf(q: Queryable, scope: DataScope, input: ReassignInput): Promise<number[]> {
  if (input.claimIDs) return [...new Set(input.claimIDs)].sort((a, b) => a - b);
  const where = claimFilterWhere(filterOf(input.query ?? {}), scope);
  const rows = await q.query<{ id: number }>(
    `SELECT c.claim_id AS id FROM claims c WHERE ${where.sql} ORDER BY c.claim_id LIMIT ${BULK_CLAIM_IDS_LIMIT + 1}`,
    where.values,
  );
  if (rows.length === 0) throw new BadRequestError('No claims match the search.');
  if (rows.length > BULK_CLAIM_IDS_LIMIT) {
    throw new BadRequestError(
      `More than ${BULK_CLAIM_IDS_LIMIT.toLocaleString('en-US')} claims match: narrow the search, or spread them with "Assign claims to several billers…".`,
    );
  }
  return rows.map((row) => row.id);
}

interface ChunkOutcome {
  changed: number;
  unchanged: number;
  refused: RefusedClaim[];
}

async function reassignChunk(
  tx: Transaction,
  actor: Actor,
  scope: DataScope,
  ids: readonly number[],
  assignee: AssigneeRecord | null,
  note: string | null,
  now: Date,
): Promise<ChunkOutcome> {
  const held = await tx.query<Held>(
    `SELECT claim_id AS "claimId", practice_id AS "practiceId", assigned_user_id AS "assignedUserId", assign_user_note AS note
       FROM claims WHERE claim_id = ANY($1::bigint[]) AND practice_id = ANY($2::bigint[])
      ORDER BY claim_id FOR NO KEY UPDATE`,
    [ids, scope.practiceIds],
  );
  const byId = new Map(held.map((claim) => [claim.claimId, claim]));
  const outcome: ChunkOutcome = { changed: 0, unchanged: 0, refused: [] };
  const moving: Held[] = [];
  for (const claimId of ids) {
    const claim = byId.get(claimId);
    if (!claim) outcome.refused.push({ claimID: claimId, reason: notFound(claimId) });
    else if (assignee && !assignee.practiceIds.has(claim.practiceId))
      outcome.refused.push({ claimID: claimId, reason: cannotSee(assignee.name) });
    else if (claim.assignedUserId === (assignee?.userId ?? null) && claim.note === note) outcome.unchanged += 1;
    else moving.push(claim);
  }
  if (moving.length === 0) return outcome;
  const movingIds = moving.map((claim) => claim.claimId);
  await tx.query(
    'UPDATE claims SET assigned_user_id = $2, assign_user_note = $3, updated_at = $4 WHERE claim_id = ANY($1::bigint[])',
    [movingIds, assignee?.userId ?? null, note, now],
  );
  await tx.query(
    `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
     SELECT x.claim_id, $3, $4, $5,
            jsonb_strip_nulls(jsonb_build_object('fromUserID', x.from_user_id, 'toUserID', $6::bigint, 'assignedTo', $7::text, 'note', $8::text)), $9
       FROM unnest($1::bigint[], $2::bigint[]) AS x (claim_id, from_user_id)`,
    [
      movingIds,
      moving.map((claim) => claim.assignedUserId),
      actor.userId,
      assignee ? 'claim.assigned' : 'claim.unassigned',
      actor.source,
      assignee?.userId ?? null,
      assignee?.name ?? null,
      note,
      now,
    ],
  );
  await writeAudit(tx, {
    userId: actor.userId,
    action: 'claims.reassign',
    recordType: 'claim',
    source: actor.source,
    ip: actor.ip,
    detail: { claimIDs: movingIds, assignedUserID: assignee?.userId ?? null },
  });
  outcome.changed = moving.length;
  return outcome;
}

function summary(assignee: AssigneeRecord | null, changed: number, unchanged: number, refused: number): string {
  const parts =
    changed > 0 || unchanged === 0
      ? [assignee ? `Assigned ${count(changed)} to ${assignee.name}.` : `Unassigned ${count(changed)}.`]
      : [];
  if (unchanged > 0) parts.push(`${count(unchanged)} already ${assignee ? 'had that assignee' : 'unassigned'}.`);
  if (refused > 0) parts.push(`${count(refused)} refused.`);
  return parts.join(' ');
}

export async function reassignClaims(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: ReassignInput,
  now: Date,
): Promise<ReassignReply> {
  const assignee = input.assignedUserID === null ? null : await activeAssignee(db, scope, input.assignedUserID);
  // The note is for the person who works the claim: a claim taken off everyone's list keeps none.
  const note = assignee ? (input.note ?? null) : null;
  const ids = await claimIdsOf(db, scope, input);
  let changed = 0;
  let unchanged = 0;
  const refused: RefusedClaim[] = [];
  for (let start = 0; start < ids.length; start += REASSIGN_CHUNK) {
    const chunk = ids.slice(start, start + REASSIGN_CHUNK);
    const outcome = await db.transaction((tx) => reassignChunk(tx, actor, scope, chunk, assignee, note, now));
    changed += outcome.changed;
    unchanged += outcome.unchanged;
    refused.push(...outcome.refused);
  }
  if (changed + unchanged === 0) {
    const first = refused.find((claim) => claim.reason !== notFound(claim.claimID));
    if (!first) throw new NotFoundError();
    throw new BadRequestError(
      refused.length === 1 ? first.reason : `None of the ${count(refused.length)} was reassigned: ${first.reason}`,
    );
  }
  return {
    message: summary(assignee, changed, unchanged, refused.length),
    changed,
    unchanged,
    refusedCount: refused.length,
    refused: refused.slice(0, REFUSALS_LISTED),
  };
}
