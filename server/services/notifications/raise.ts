/**
 * Raising a notification from TypeScript. Most are raised by the database where their event
 * happens (migration 0048: a bulk run's end, an ERA file stored, tasks added); a claim rejected by
 * a payer or a clearinghouse (a 999 or 277CA read) is raised by its reader through
 * notifyClaimRejected, in the reader's own transaction.
 */
import type { Queryable } from '../../db/types.ts';

export interface ClaimRejection {
  claimId: number;
  /** In the payer's or clearinghouse's words, e.g. "A7:562 Entity's National Provider Identifier". */
  reason: string;
  /** Where it came from, e.g. "277CA file ACK20261122.txt"; shown under the reason. */
  source?: string | null;
}

/**
 * Tells who must know that claims were rejected: the biller the claim is assigned to, when they
 * are active and their data role sees the claim's practice; otherwise every active user whose role
 * works claims (CLAIMS) and whose data role sees the practice. A claim rejected again while its
 * notification is unread updates that one. Claims that do not exist are passed over. Answers how
 * many notifications were raised or updated.
 */
export async function notifyClaimsRejected(q: Queryable, rejections: readonly ClaimRejection[]): Promise<number> {
  const byClaim = new Map<number, ClaimRejection>();
  for (const rejection of rejections) {
    if (!Number.isSafeInteger(rejection.claimId) || rejection.claimId <= 0)
      throw new RangeError(`Not a claim ID: ${rejection.claimId}`);
    byClaim.set(rejection.claimId, rejection);
  }
  if (byClaim.size === 0) return 0;
  const list = [...byClaim.values()];
  const rows = await q.query(
    `WITH r AS (SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[]) AS r (claim_id, reason, source)),
          c AS (SELECT r.claim_id, r.reason, r.source, cl.group_id, cl.practice_id, cl.assigned_user_id,
                       EXISTS (SELECT 1 FROM users a WHERE a.user_id = cl.assigned_user_id AND a.active
                                 AND data_role_sees_practice(a.data_role_id, cl.practice_id)) AS assignee_sees
                  FROM r JOIN claims cl ON cl.claim_id = r.claim_id),
          recipients AS (
            SELECT c.*, c.assigned_user_id AS user_id FROM c WHERE c.assignee_sees
            UNION ALL
            SELECT c.*, u.user_id FROM c JOIN users u ON u.active
                     AND user_holds_module(u.user_id, 'CLAIMS') AND data_role_sees_practice(u.data_role_id, c.practice_id)
             WHERE NOT c.assignee_sees)
     INSERT INTO notifications (user_id, kind, group_id, practice_id, record_type, record_id, facts, merge_key)
     SELECT user_id, 'claim_rejected', group_id, practice_id, 'claim', claim_id,
            jsonb_build_object('claimID', claim_id, 'reason', left(reason, 500), 'source', left(source, 200)),
            'rejected:' || claim_id
       FROM recipients
     ON CONFLICT (user_id, merge_key) WHERE read_at IS NULL AND merge_key IS NOT NULL
     DO UPDATE SET facts = EXCLUDED.facts, created_at = EXCLUDED.created_at
     RETURNING notification_id`,
    [
      list.map((rejection) => rejection.claimId),
      list.map((rejection) => rejection.reason.trim() || 'Rejected.'),
      list.map((rejection) => rejection.source?.trim() || null),
    ],
  );
  return rows.length;
}

/** One claim rejected: see notifyClaimsRejected. */
export function notifyClaimRejected(q: Queryable, rejection: ClaimRejection): Promise<number> {
  return notifyClaimsRejected(q, [rejection]);
}
