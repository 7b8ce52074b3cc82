/**
 * Linking by hand what matching could not (linkPaymentPosting) and undoing a wrong match
 * (deattachERAPosting), while the ERA claim is not posted (its check may have posted its other
 * claims): after posting, the ledger rows stand and a correction is a reversal. Both stay inside
 * the user's groups on both sides.
 */
import { CHARGE_UNLINKED, POSTING_LINKED, type LinkPaymentPostingQuery } from '../../../contract/era.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

interface EraPlace {
  eraClaimID: number;
  claimID: number | null;
  groupID: number;
  posted: boolean;
}

/** The ERA claim of an ERA line or claim, its check locked, refused when posted. */
async function eraPlace(
  tx: Transaction,
  scope: DataScope,
  by: { eraLineID: number } | { eraClaimID: number },
): Promise<EraPlace> {
  const eraClaim = 'eraLineID' in by ? '(SELECT era_claim_id FROM era_lines WHERE era_line_id = $1)' : '$1';
  const [place] = await tx.query<EraPlace>(
    `SELECT x.era_claim_id AS "eraClaimID", x.claim_id AS "claimID", ec.group_id AS "groupID", x.posted_at IS NOT NULL AS posted
       FROM era_claims x JOIN era_checks ec ON ec.era_check_id = x.era_check_id
      WHERE x.era_claim_id = ${eraClaim} AND ec.group_id = ANY($2::bigint[]) AND ec.status <> 'deleted'
        FOR UPDATE OF ec`,
    ['eraLineID' in by ? by.eraLineID : by.eraClaimID, scope.groupIds],
  );
  if (!place) throw new NotFoundError('ERA posting not found.');
  if (place.posted)
    throw new BadRequestError('This ERA claim is posted: reverse the posting before changing what it paid.');
  return place;
}

export async function linkPaymentPosting(
  db: Db,
  actor: Actor,
  scope: DataScope,
  query: LinkPaymentPostingQuery,
): Promise<{ message: string; pkid: number }> {
  return db.transaction(async (tx) => {
    if (query.eraLineID !== undefined && query.chargeID !== undefined) {
      const place = await eraPlace(tx, scope, { eraLineID: query.eraLineID });
      const [charge] = await tx.query<{ claimID: number }>(
        `SELECT ch.claim_id AS "claimID" FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
          WHERE ch.charge_id = $1 AND c.group_id = $2 AND c.practice_id = ANY($3::bigint[]) AND ch.charge_status NOT IN ('void', 'deleted')`,
        [query.chargeID, place.groupID, scope.practiceIds],
      );
      if (!charge) throw new NotFoundError('Charge not found in the ERA check’s group.');
      if (place.claimID !== null && place.claimID !== charge.claimID)
        throw new BadRequestError(
          `This ERA claim is linked to claim ${place.claimID}; link the line to one of its charges, or link the ERA claim to claim ${charge.claimID} first.`,
        );
      await tx.query("UPDATE era_lines SET charge_id = $2, matched_by = 'by hand' WHERE era_line_id = $1", [
        query.eraLineID,
        query.chargeID,
      ]);
      if (place.claimID === null)
        await tx.query(
          "UPDATE era_claims SET claim_id = $2, matched_by = 'by hand', held_reason = NULL WHERE era_claim_id = $1",
          [place.eraClaimID, charge.claimID],
        );
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'era.link',
        recordType: 'era_line',
        recordId: query.eraLineID,
        source: actor.source,
        ip: actor.ip,
        detail: { chargeID: query.chargeID },
      });
      return { message: POSTING_LINKED, pkid: 1 };
    }
    const eraClaimID = query.eraClaimID ?? 0;
    const place = await eraPlace(tx, scope, { eraClaimID });
    const [claim] = await tx.query<{ claimID: number }>(
      'SELECT claim_id AS "claimID" FROM claims WHERE claim_id = $1 AND group_id = $2 AND practice_id = ANY($3::bigint[])',
      [query.claimID, place.groupID, scope.practiceIds],
    );
    if (!claim) throw new NotFoundError('Claim not found in the ERA check’s group.');
    // A claim linked anew keeps none of the old claim's charges on its lines.
    if (place.claimID !== claim.claimID)
      await tx.query('UPDATE era_lines SET charge_id = NULL, matched_by = NULL WHERE era_claim_id = $1', [eraClaimID]);
    await tx.query(
      "UPDATE era_claims SET claim_id = $2, matched_by = 'by hand', held_reason = NULL WHERE era_claim_id = $1",
      [eraClaimID, claim.claimID],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'era.link',
      recordType: 'era_claim',
      recordId: eraClaimID,
      source: actor.source,
      ip: actor.ip,
      detail: { claimID: claim.claimID },
    });
    return { message: POSTING_LINKED, pkid: 1 };
  });
}

export async function deattachEraPosting(
  db: Db,
  actor: Actor,
  scope: DataScope,
  eraLineID: number,
): Promise<{ message: string; pkid: number }> {
  return db.transaction(async (tx) => {
    await eraPlace(tx, scope, { eraLineID });
    const unlinked = await tx.query(
      'UPDATE era_lines SET charge_id = NULL, matched_by = NULL WHERE era_line_id = $1 AND charge_id IS NOT NULL RETURNING era_line_id',
      [eraLineID],
    );
    if (unlinked.length === 0) return { message: 'The ERA line is not linked to a charge.', pkid: 0 };
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'era.unlink',
      recordType: 'era_line',
      recordId: eraLineID,
      source: actor.source,
      ip: actor.ip,
    });
    return { message: CHARGE_UNLINKED, pkid: 1 };
  });
}
