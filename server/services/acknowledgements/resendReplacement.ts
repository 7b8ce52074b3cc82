/**
 * A rejected claim corrected and sent again: as a replacement of the prior claim (frequency 7)
 * with the payer's claim number as REF*F8 when the payer gave one (REF*1K of its 277CA); without
 * one (the clearinghouse turned it back before the payer saw it) as an original again. The claim
 * is scrubbed and submitted as "Submit" does; a scrub error leaves it to be fixed, frequency set.
 */
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { ResendReplacementReply } from '../../../contract/acknowledgements.ts';
import type { Db } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { scrubClaims } from '../scrub/scrubClaims.ts';
import { submitClaims } from '../submission/submitClaims.ts';
import { scopedClaim } from '../workQueue/scopedClaim.ts';

export async function resendClaimAsReplacement(
  db: Db,
  actor: Actor,
  scope: DataScope,
  claimID: number,
  now: Date,
): Promise<ResendReplacementReply> {
  const set = await db.transaction(async (tx) => {
    await scopedClaim(tx, scope, claimID);
    const [claim] = await tx.query<{ claimStatusID: number; payerClaimNumber: string | null; frequencyCode: string }>(
      `SELECT claim_status_id::int AS "claimStatusID", payer_claim_number AS "payerClaimNumber", frequency_code AS "frequencyCode"
         FROM claims WHERE claim_id = $1 FOR NO KEY UPDATE`,
      [claimID],
    );
    if (!claim || claim.claimStatusID !== CLAIM_STATUS.rejected)
      throw new BadRequestError(
        `Claim ${claimID} is not rejected: only a rejected claim is sent again as a replacement.`,
      );
    const payerNumber = claim.payerClaimNumber?.trim() || null;
    const frequencyCode = payerNumber === null ? '1' : '7';
    await tx.query(
      'UPDATE claims SET frequency_code = $2, original_claim_number = $3, updated_at = $4 WHERE claim_id = $1',
      [claimID, frequencyCode, payerNumber, now],
    );
    await tx.query(
      `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at) VALUES ($1, $2, 'resent as replacement', $3, $4::jsonb, $5)`,
      [
        claimID,
        actor.userId,
        actor.source,
        JSON.stringify({ frequencyCode, originalClaimNumber: payerNumber, fromFrequencyCode: claim.frequencyCode }),
        now,
      ],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claims.resendReplacement',
      recordType: 'claim',
      recordId: claimID,
      source: actor.source,
      ip: actor.ip,
      detail: { frequencyCode, originalClaimNumber: payerNumber },
    });
    return { frequencyCode, originalClaimNumber: payerNumber };
  });
  const scrubbed = (await scrubClaims(db, actor, [claimID], now)).claims[0];
  const kind =
    set.frequencyCode === '7'
      ? `a replacement of payer claim ${set.originalClaimNumber}`
      : 'an original claim (the payer gave no claim number to replace)';
  if (!scrubbed || scrubbed.errors > 0)
    return {
      claimID,
      ...set,
      submitted: false,
      submissionBatchID: null,
      message: `Claim ${claimID} is set to go as ${kind}, but the scrubber found ${scrubbed?.errors ?? 0} error(s): fix them and submit it.`,
    };
  const sent = await submitClaims(db, actor, scope, [claimID], now);
  const [refusal] = sent.refused;
  if (refusal !== undefined)
    return { claimID, ...set, submitted: false, submissionBatchID: null, message: refusal.reason };
  return {
    claimID,
    ...set,
    submitted: true,
    submissionBatchID: sent.batches[0]?.submissionBatchID ?? null,
    message: `Claim ${claimID} was sent again as ${kind}.`,
  };
}
