/**
 * What every edit of a claim's content shares: the lock on the claim row (the one every writer of
 * a claim takes: scrub, pass, submit), the rule that a claim sent, void or closed keeps its
 * content, and what a change does to the stored scrub result: it no longer describes the claim.
 */
import { CLAIM_STATUS, SCRUB_STATUS, standsAsSent } from '../../../contract/claimStatus.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { Actor } from '../context.ts';

export interface EditableClaim {
  claimID: number;
  groupID: number;
  practiceID: number;
  patientID: number;
  facilityID: number | null;
  insuranceID: number | null;
  patientInsuranceID: number | null;
  claimStatusID: number;
  submitStatusID: number;
  dosFrom: string;
  dosTo: string;
}

type RefusalRule = (claim: Pick<EditableClaim, 'claimID' | 'claimStatusID' | 'submitStatusID'>) => string | null;

/**
 * Locks the claim for an edit; 404 outside the data role, 400 when `refusal` names a reason (by
 * default: its content is settled; an edit of what is not billed passes `endedClaimReason`).
 */
export async function lockEditableClaim(
  q: Queryable,
  scope: DataScope,
  claimID: number,
  refusal: RefusalRule = settledClaimReason,
): Promise<EditableClaim> {
  const [claim] = await q.query<EditableClaim>(
    `SELECT claim_id AS "claimID", group_id AS "groupID", practice_id AS "practiceID", patient_id AS "patientID", facility_id AS "facilityID",
            insurance_id AS "insuranceID", patient_insurance_id AS "patientInsuranceID", claim_status_id AS "claimStatusID",
            submit_status_id AS "submitStatusID", dos_from AS "dosFrom", dos_to AS "dosTo"
       FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[]) FOR NO KEY UPDATE`,
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  const refused = refusal(claim);
  if (refused !== null) throw new BadRequestError(refused);
  return claim;
}

/** Why the claim takes no change at all, even of what is not on the bill (its charge batch): void or closed; else null. */
export function endedClaimReason(claim: Pick<EditableClaim, 'claimID' | 'claimStatusID'>): string | null {
  if (claim.claimStatusID === CLAIM_STATUS.void) return `Claim ${claim.claimID} is void: it cannot be changed.`;
  if (claim.claimStatusID === CLAIM_STATUS.closed) return `Claim ${claim.claimID} is closed: it cannot be changed.`;
  return null;
}

/** Why the claim's content cannot change (void, closed, standing as sent), or null when it can. */
export function settledClaimReason(
  claim: Pick<EditableClaim, 'claimID' | 'claimStatusID' | 'submitStatusID'>,
): string | null {
  const ended = endedClaimReason(claim);
  if (ended !== null) return ended;
  if (standsAsSent(claim.claimStatusID, claim.submitStatusID))
    return `Claim ${claim.claimID} has been submitted: it stays as sent until it is rejected or corrected.`;
  return null;
}

/** After a change of content: not scrubbed, a ready claim a draft again, findings and any forced pass gone. */
export async function needsScrubAgain(q: Queryable, claimID: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE claims
        SET scrub_status_id = $2, claim_status_id = CASE WHEN claim_status_id = $3 THEN $4 ELSE claim_status_id END,
            forced_pass_reason = NULL, forced_pass_by = NULL, forced_pass_at = NULL, updated_at = $5
      WHERE claim_id = $1`,
    [claimID, SCRUB_STATUS.notScrubbed, CLAIM_STATUS.readyToSubmit, CLAIM_STATUS.draft, now],
  );
  await q.query('DELETE FROM scrub_results WHERE claim_id = $1', [claimID]);
}

export async function recordClaimEvent(
  q: Queryable,
  actor: Actor,
  claimID: number,
  action: string,
  detail: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [claimID, actor.userId, action, actor.source, JSON.stringify(detail), now],
  );
}
