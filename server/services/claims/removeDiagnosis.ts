/**
 * AddEditClaim/removeDiagnosisFromClaimAndCharge: takes a diagnosis off the claim and off every
 * line that points at it. The diagnoses after it move up one place, and the lines' pointers move
 * with them, so each line still points at the same codes. The catalogue's reply: id 1 success, 2
 * error with the reason (SPEC point 5); nothing changes on an error.
 */
import type { RemoveDiagnosisReply } from '../../../contract/claimEdit.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { lockEditableClaim, needsScrubAgain, recordClaimEvent } from './claimEditing.ts';

class Refused extends Error {}

export async function removeDiagnosis(
  db: Db,
  actor: Actor,
  scope: DataScope,
  claimID: number,
  icd: string,
  now: Date,
): Promise<RemoveDiagnosisReply> {
  try {
    return await db.transaction(async (tx) => {
      const claim = await lockEditableClaim(tx, scope, claimID);
      const diagnoses = await tx.query<{ sequence: number; icdCode: string }>(
        'SELECT sequence, icd_code AS "icdCode" FROM claim_diagnoses WHERE claim_id = $1 ORDER BY sequence',
        [claim.claimID],
      );
      const removed = diagnoses.find((diagnosis) => diagnosis.icdCode === icd);
      if (!removed) throw new Refused(`${icd} is not a diagnosis of claim ${claim.claimID}.`);
      if (diagnoses.length === 1)
        throw new Refused(`${icd} is the claim's only diagnosis: add another before removing it.`);
      const lost = await tx.query<{ lineNumber: number }>(
        `SELECT line_number AS "lineNumber" FROM charges WHERE claim_id = $1 AND charge_status <> 'void' AND diagnosis_pointers = ARRAY[$2]::smallint[]`,
        [claim.claimID, removed.sequence],
      );
      if (lost.length > 0)
        throw new Refused(
          `Line ${lost.map((line) => line.lineNumber).join(', ')} points only at ${icd}: point it at another diagnosis first.`,
        );
      await tx.query('DELETE FROM claim_diagnoses WHERE claim_id = $1 AND sequence = $2', [
        claim.claimID,
        removed.sequence,
      ]);
      await tx.query('UPDATE claim_diagnoses SET sequence = sequence - 1 WHERE claim_id = $1 AND sequence > $2', [
        claim.claimID,
        removed.sequence,
      ]);
      await tx.query(
        `UPDATE charges SET diagnosis_pointers = ARRAY(
            SELECT (CASE WHEN p > $2 THEN p - 1 ELSE p END)::smallint FROM unnest(diagnosis_pointers) WITH ORDINALITY AS u (p, n) WHERE p <> $2 ORDER BY n)
          WHERE claim_id = $1`,
        [claim.claimID, removed.sequence],
      );
      await needsScrubAgain(tx, claim.claimID, now);
      await recordClaimEvent(tx, actor, claim.claimID, 'diagnosis removed', { icd, sequence: removed.sequence }, now);
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'claims.diagnosis.remove',
        recordType: 'claim',
        recordId: claim.claimID,
        source: actor.source,
        ip: actor.ip,
        detail: { icd },
      });
      return { id: 1 as const, message: `${icd} removed from the claim and its lines.` };
    });
  } catch (error) {
    if (error instanceof Refused) return { id: 2, message: error.message };
    // A settled claim (void, closed, sent) is refused the same way; "not found" stays a 404.
    if (error instanceof AppError && error.statusCode === 400) return { id: 2, message: error.message };
    throw error;
  }
}
