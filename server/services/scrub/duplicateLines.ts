import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Queryable } from '../../db/types.ts';
import type { DuplicateLine } from './types.ts';

/**
 * For each billed line of `claimIDs`, the first other line (on any claim of the same patient, or
 * the same claim) that bills the same code with the same modifiers on the same date for the same
 * rendering provider (the claim's provider when the line names none). Void lines and void claims
 * do not count, and neither do replacement or void claims (frequency 7, 8): they repeat their
 * original on purpose.
 *
 * One query for the batch. The patients' claims and then their lines are read through their
 * indexes with `= ANY(ARRAY(...))`: joined plainly, the planner would hash every line of the table.
 */
export async function findDuplicateLines(
  q: Queryable,
  claimIDs: readonly number[],
): Promise<Map<number, DuplicateLine>> {
  const rows = await q.query<{ chargeID: number; claimID: number; lineNumber: number }>(
    `WITH mine AS MATERIALIZED (
       SELECT ch.charge_id, c.patient_id, ch.cpt_code, ch.dos_from, coalesce(ch.rendering_provider_id, c.provider_id) AS provider_id,
              concat_ws('|', ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4) AS modifiers
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
        WHERE ch.claim_id = ANY($1::bigint[]) AND c.claim_id = ANY($1::bigint[]) AND ch.charge_status NOT IN ('void', 'deleted') AND c.frequency_code NOT IN ('7', '8')
     ),
     near AS MATERIALIZED (
       SELECT claim_id, patient_id, provider_id FROM claims
        WHERE patient_id = ANY(ARRAY(SELECT DISTINCT patient_id FROM mine)) AND claim_status_id <> $2 AND frequency_code NOT IN ('7', '8')
     ),
     theirs AS MATERIALIZED (
       SELECT ch.charge_id, ch.claim_id, ch.line_number, n.patient_id, ch.cpt_code, ch.dos_from,
              coalesce(ch.rendering_provider_id, n.provider_id) AS provider_id,
              concat_ws('|', ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4) AS modifiers
         FROM charges ch JOIN near n ON n.claim_id = ch.claim_id
        WHERE ch.claim_id = ANY(ARRAY(SELECT claim_id FROM near)) AND ch.charge_status NOT IN ('void', 'deleted')
     )
     SELECT DISTINCT ON (m.charge_id) m.charge_id AS "chargeID", t.claim_id AS "claimID", t.line_number::int AS "lineNumber"
       FROM mine m
       JOIN theirs t ON t.patient_id = m.patient_id AND t.cpt_code = m.cpt_code AND t.dos_from = m.dos_from
                    AND t.provider_id = m.provider_id AND t.modifiers = m.modifiers AND t.charge_id <> m.charge_id
      ORDER BY m.charge_id, t.claim_id, t.line_number`,
    [claimIDs, CLAIM_STATUS.void],
  );
  return new Map(rows.map(({ chargeID, claimID, lineNumber }) => [chargeID, { claimID, lineNumber }]));
}
