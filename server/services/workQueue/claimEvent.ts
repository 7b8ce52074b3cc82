import type { Queryable } from '../../db/types.ts';
import type { Actor } from '../context.ts';

/**
 * The DNA actions of the work queue. Names are read by people in the claim's DNA log, so each
 * event's detail carries the names (task type, assignee) beside the ids.
 */
export type WorkQueueAction =
  | 'task.added'
  | 'task.resolved'
  | 'task.deleted'
  | 'claim.assigned'
  | 'claim.unassigned'
  | 'note.added'
  | 'note.archived';

/** One claim_events row, in the transaction of the change it records. */
export async function addClaimEvent(
  q: Queryable,
  claimId: number,
  actor: Pick<Actor, 'userId' | 'source'>,
  action: WorkQueueAction,
  detail: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [claimId, actor.userId, action, actor.source, JSON.stringify(detail), now],
  );
}
