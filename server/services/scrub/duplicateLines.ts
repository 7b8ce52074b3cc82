import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Queryable } from '../../db/types.ts';
import type { DuplicateLine } from './types.ts';

/**
 * For each billed line of `claimIDs`, the first other line (on any claim of the same patient, or
 * the same claim) that bills the same code with the same modifiers on the same date for the same
 * rendering provider (the claim's provider when the line names none). Void lines and void claims
 * do not count, and neither do replacement or void claims (frequency 7, 8): they repeat their
 * original on purpose. One query for the batch, walking each patient's claims by index.
 */
export async function findDuplicateLines(q: Queryable, claimIDs: readonly number[]): Promise<Map<number, DuplicateLine>> {
  const rows = await q.query<{ chargeID: number; claimID: number; lineNumber: number }>(
    `SELECT DISTINCT ON (mine.charge_id) mine.charge_id AS "chargeID", other.claim_id AS "claimID", other.line_number::int AS "lineNumber"
       FROM charges mine
       JOIN claims mc ON mc.claim_id = mine.claim_id
       JOIN claims oc ON oc.patient_id = mc.patient_id
       JOIN charges other ON other.claim_id = oc.claim_id
      WHERE mine.claim_id = ANY($1::bigint[])
        AND mine.charge_status <> 'void' AND mc.frequency_code NOT IN ('7', '8')
        AND oc.claim_status_id <> $2 AND oc.frequency_code NOT IN ('7', '8')
        AND other.charge_id <> mine.charge_id AND other.charge_status <> 'void'
        AND other.cpt_code = mine.cpt_code AND other.dos_from = mine.dos_from
        AND coalesce(other.rendering_provider_id, oc.provider_id) = coalesce(mine.rendering_provider_id, mc.provider_id)
        AND coalesce(other.modifier1, '') = coalesce(mine.modifier1, '') AND coalesce(other.modifier2, '') = coalesce(mine.modifier2, '')
        AND coalesce(other.modifier3, '') = coalesce(mine.modifier3, '') AND coalesce(other.modifier4, '') = coalesce(mine.modifier4, '')
      ORDER BY mine.charge_id, other.claim_id, other.line_number`,
    [claimIDs, CLAIM_STATUS.void],
  );
  return new Map(rows.map(({ chargeID, claimID, lineNumber }) => [chargeID, { claimID, lineNumber }]));
}
