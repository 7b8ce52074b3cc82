/**
 * ERA claims a posting held back keep their reason on the ERA claim (shown in the unmatched
 * queue), and a reversal whose original posting was not found puts a task on its claim in the
 * work queue: the biller finds the posting and reverses it by hand, the product never guesses.
 */
import type { Transaction } from '../../db/types.ts';
import type { Actor } from '../context.ts';
import type { HeldClaim } from './postingPlan.ts';

const FOLLOW_UP_WITH_PAYER = 1;

export async function holdEraClaims(
  tx: Transaction,
  held: readonly HeldClaim[],
  context: { actor: Actor; now: Date; eraCheckID: number },
): Promise<void> {
  const stored = held.filter((claim) => claim.eraClaimID !== null);
  if (stored.length > 0) {
    await tx.query(
      'UPDATE era_claims x SET held_reason = d.reason FROM unnest($1::bigint[], $2::text[]) AS d (era_claim_id, reason) WHERE x.era_claim_id = d.era_claim_id',
      [stored.map((claim) => claim.eraClaimID), stored.map((claim) => claim.reason)],
    );
  }
  const tasks = held.filter((claim) => claim.needsTask && claim.claimID !== null);
  if (tasks.length === 0) return;
  await tx.query(
    `INSERT INTO tasks (group_id, claim_id, task_type_id, assigned_user_id, text, created_by, created_at)
     SELECT c.group_id, c.claim_id, $3, coalesce(c.assigned_user_id, $4), d.text, $4, $5
       FROM unnest($1::bigint[], $2::text[]) AS d (claim_id, text) JOIN claims c ON c.claim_id = d.claim_id
      WHERE NOT EXISTS (SELECT 1 FROM tasks t WHERE t.claim_id = d.claim_id AND t.status = 'open' AND t.text = d.text)`,
    [
      tasks.map((claim) => claim.claimID),
      tasks.map((claim) => `ERA check ${context.eraCheckID}: ${claim.reason}`),
      FOLLOW_UP_WITH_PAYER,
      context.actor.userId,
      context.now,
    ],
  );
}
