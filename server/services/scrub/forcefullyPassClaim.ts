import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import type { Db } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

/**
 * Claims/forcefullyPassClaim: a biller passes a scrubbed claim whose findings are all warnings,
 * saying why. Errors always block: they are fixed and the claim scrubbed again. A draft becomes
 * ready to submit, as after a clean scrub.
 */
export async function forcefullyPassClaim(
  db: Db,
  actor: Actor,
  claimID: number,
  reason: string,
  now = new Date(),
): Promise<void> {
  const why = reason.trim();
  if (why === '') throw new BadRequestError('Enter the reason for passing the claim with its warnings.');
  await db.transaction(async (tx) => {
    const [claim] = await tx.query<{ scrubStatusID: number }>(
      'SELECT scrub_status_id AS "scrubStatusID" FROM claims WHERE claim_id = $1 FOR NO KEY UPDATE',
      [claimID],
    );
    if (!claim) throw new NotFoundError();
    if (claim.scrubStatusID === SCRUB_STATUS.notScrubbed)
      throw new BadRequestError(`Claim ${claimID} has not been scrubbed yet: scrub it first.`);
    const [counts] = await tx.query<{ errors: number; warnings: number }>(
      `SELECT count(*) FILTER (WHERE severity = 'error')::int AS errors, count(*) FILTER (WHERE severity = 'warning')::int AS warnings
         FROM scrub_results WHERE claim_id = $1`,
      [claimID],
    );
    const errors = counts?.errors ?? 0;
    if (errors > 0) {
      throw new BadRequestError(
        `Claim ${claimID} has ${errors === 1 ? '1 scrub error' : `${errors} scrub errors`}: errors cannot be passed. Fix them and scrub the claim again.`,
      );
    }
    await tx.query(
      `UPDATE claims
          SET scrub_status_id = $2, claim_status_id = CASE WHEN claim_status_id = $3 THEN $4 ELSE claim_status_id END,
              forced_pass_reason = $5, forced_pass_by = $6, forced_pass_at = $7, updated_at = $7
        WHERE claim_id = $1`,
      [claimID, SCRUB_STATUS.forcefullyPassed, CLAIM_STATUS.draft, CLAIM_STATUS.readyToSubmit, why, actor.userId, now],
    );
    await tx.query(
      `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
       VALUES ($1, $2, 'scrub.forcefullyPassed', $3, jsonb_build_object('reason', $4::text, 'warnings', $5::int), $6)`,
      [claimID, actor.userId, actor.source, why, counts?.warnings ?? 0, now],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claims.forcefullyPass',
      recordType: 'claim',
      recordId: claimID,
      source: actor.source,
      ip: actor.ip,
    });
  });
}
