import { HOVER_NOTE_CHARS, type ClaimHoverInfo } from '../../../contract/claimLists.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

const UTC_INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/**
 * Repository/getClaimHoverInfo: a claim in a few lines for a peek at its ID: who, when, payer,
 * statuses, money, the newest note and the newest DNA event. A claim outside the data role is
 * not found, the same answer as a claim that does not exist. It shows patient data, so the read
 * is audited like the claim's other reads.
 */
export async function claimHoverInfo(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  claimID: number,
): Promise<ClaimHoverInfo> {
  const [info] = await q.query<ClaimHoverInfo>(
    `SELECT c.claim_id AS "claimID", c.patient_id AS "patientID", c.patient_name AS "patientName",
            pt.account_number AS "accountNumber", c.dos_from AS "dosFrom", c.dos_to AS "dosTo",
            pr.name AS "practiceName", concat_ws(', ', pv.last_name, pv.first_name) AS "providerName",
            ins.name AS "payerName", cs.name AS "claimStatus", ss.name AS "scrubStatus", su.name AS "submitStatus",
            c.total_charge_cents AS "totalCharges", c.balance_cents AS "balance",
            CASE WHEN au.user_id IS NULL THEN NULL ELSE concat_ws(' ', au.first_name, au.last_name) END AS "assignee",
            (SELECT json_build_object('text', left(n.text, ${HOVER_NOTE_CHARS}), 'at', to_char(n.created_at AT TIME ZONE 'UTC', ${UTC_INSTANT}),
                                      'by', nullif(concat_ws(' ', u.first_name, u.last_name), ''))
               FROM notes n LEFT JOIN users u ON u.user_id = n.created_by
              WHERE n.claim_id = c.claim_id AND NOT n.archived
              ORDER BY n.created_at DESC, n.note_id DESC LIMIT 1) AS "lastNote",
            (SELECT json_build_object('action', e.action, 'source', e.source, 'at', to_char(e.at AT TIME ZONE 'UTC', ${UTC_INSTANT}),
                                      'by', nullif(concat_ws(' ', u.first_name, u.last_name), ''))
               FROM claim_events e LEFT JOIN users u ON u.user_id = e.user_id
              WHERE e.claim_id = c.claim_id
              ORDER BY e.at DESC, e.claim_event_id DESC LIMIT 1) AS "lastEvent"
       FROM claims c
       JOIN patients pt ON pt.patient_id = c.patient_id
       JOIN practices pr ON pr.practice_id = c.practice_id
       JOIN providers pv ON pv.provider_id = c.provider_id
       LEFT JOIN insurances ins ON ins.insurance_id = c.insurance_id
       JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
       JOIN scrub_statuses ss ON ss.scrub_status_id = c.scrub_status_id
       JOIN submit_statuses su ON su.submit_status_id = c.submit_status_id
       LEFT JOIN users au ON au.user_id = c.assigned_user_id
      WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[])`,
    [claimID, scope.practiceIds],
  );
  if (!info) throw new NotFoundError();
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'claims.hover',
    recordType: 'claim',
    recordId: claimID,
    source: actor.source,
    ip: actor.ip,
  });
  return info;
}
