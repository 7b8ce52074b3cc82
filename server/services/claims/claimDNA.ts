import type { ClaimDNAReply, ClaimEvent } from '../../../contract/claimDNA.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { claimInScope } from './claimDetail.ts';

/**
 * Claims/getClaimDNAData: every change recorded on the claim, oldest first, with who made it and
 * from where. A claim outside the data role is not found; the read is audited like the claim's
 * other reads.
 */
export async function getClaimDNA(q: ReadAuditDb, actor: Actor, scope: DataScope, claimID: number): Promise<ClaimDNAReply> {
  await claimInScope(q, claimID, scope);
  const events = await q.query<ClaimEvent>(
    `SELECT e.claim_event_id AS "claimEventID", e.action, e.source,
            nullif(concat_ws(' ', u.first_name, u.last_name), '') AS "userName",
            to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "at", e.detail
       FROM claim_events e
       LEFT JOIN users u ON u.user_id = e.user_id
      WHERE e.claim_id = $1
      ORDER BY e.at, e.claim_event_id`,
    [claimID],
  );
  await writeReadAudit(q, { userId: actor.userId, action: 'claims.dna', recordType: 'claim', recordId: claimID, source: actor.source, ip: actor.ip });
  return { events };
}
