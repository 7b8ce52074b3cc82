/**
 * AddEditClaim/editCharge: the coding of one charge line (procedure, modifiers, units, diagnosis
 * pointers, place of service). The claim's stored scrub result described the line as it was, so an
 * edit that changes anything sends the claim back to "not scrubbed" and drops its findings; a
 * claim that was ready to submit is a draft again until it is scrubbed. One transaction: the line,
 * the claim's statuses, the DNA event and the audit row are stored together or not at all.
 */
import type {
  ChargeCoding,
  ChargeEditedDetail,
  EditChargeInput,
  EditChargeReply,
} from '../../../contract/chargeEdit.ts';
import { CLAIM_STATUS, standsAsSent } from '../../../contract/claimStatus.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { needsScrubAgain, recordClaimEvent } from './claimEditing.ts';

/** CPT (5 digits), CPT Category II/III and PLA (4 digits and F, T or U), HCPCS Level II (A-V and 4 digits). */
const PROCEDURE_CODE = /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/;
const FIELDS: readonly (keyof ChargeCoding)[] = ['cptCode', 'modifiers', 'units', 'diagnosisPointers', 'posCode'];

interface LockedClaim {
  claimID: number;
  claimStatusID: number;
  submitStatusID: number;
}

interface StoredCharge extends Omit<ChargeCoding, 'modifiers'> {
  lineNumber: number;
  status: string;
  modifiers: (string | null)[];
  diagnoses: number;
}

function diagnosesCount(count: number): string {
  return count === 1 ? '1 diagnosis' : `${count} diagnoses`;
}

/** Why the line cannot be changed as asked, or null when it can. */
function refusalOf(
  claim: LockedClaim,
  charge: StoredCharge,
  after: ChargeCoding,
  input: EditChargeInput,
): string | null {
  if (charge.status === 'void') return 'A void charge cannot be changed.';
  if (claim.claimStatusID === CLAIM_STATUS.void)
    return `Claim ${claim.claimID} is void: its charges cannot be changed.`;
  if (claim.claimStatusID === CLAIM_STATUS.closed)
    return `Claim ${claim.claimID} is closed: its charges cannot be changed.`;
  if (standsAsSent(claim.claimStatusID, claim.submitStatusID))
    return `Claim ${claim.claimID} has been submitted: its charges stay as sent until the claim is rejected or corrected.`;
  if (input.diagnosisPointers !== undefined) {
    const past = input.diagnosisPointers.find((pointer) => pointer > charge.diagnoses);
    if (past !== undefined) {
      return charge.diagnoses === 0
        ? `Claim ${claim.claimID} has no diagnoses yet: add them before pointing line ${charge.lineNumber} at one.`
        : `Line ${charge.lineNumber}: diagnosis pointer ${past} points past the claim's ${diagnosesCount(charge.diagnoses)}; point at 1 to ${charge.diagnoses} or add the diagnosis first.`;
    }
  }
  if (input.cptCode !== undefined && !PROCEDURE_CODE.test(after.cptCode)) {
    return `${after.cptCode} is not a procedure code: enter a CPT code (5 digits, or 4 digits and F, T or U) or a HCPCS code (a letter A to V and 4 digits).`;
  }
  return null;
}

/** Only the fields whose value differs; order counts for modifiers and pointers (the first one prices and ranks). */
function changesBetween(before: ChargeCoding, after: ChargeCoding): ChargeEditedDetail['changes'] {
  const changes: ChargeEditedDetail['changes'] = {};
  for (const field of FIELDS) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

async function placeOfServiceExists(q: Queryable, code: string): Promise<boolean> {
  const [found] = await q.query('SELECT 1 FROM place_of_service WHERE code = $1', [code]);
  return found !== undefined;
}

export async function editCharge(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: EditChargeInput,
  now: Date,
): Promise<EditChargeReply> {
  return db.transaction(async (tx) => {
    // The claim row is the lock every writer of the claim takes (scrub, pass, submit), so the
    // checks below cannot race a submission of the same claim.
    const [claim] = await tx.query<LockedClaim>(
      `SELECT c.claim_id AS "claimID", c.claim_status_id AS "claimStatusID", c.submit_status_id AS "submitStatusID"
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
        WHERE ch.charge_id = $1 AND ch.charge_status <> 'deleted' AND c.practice_id = ANY($2::bigint[])
          FOR NO KEY UPDATE OF c`,
      [input.chargeID, scope.practiceIds],
    );
    if (!claim) throw new NotFoundError();
    const [charge] = await tx.query<StoredCharge>(
      `SELECT ch.line_number::int AS "lineNumber", ch.charge_status AS "status", ch.cpt_code AS "cptCode",
              ARRAY[ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4] AS "modifiers", ch.units,
              ch.diagnosis_pointers::int[] AS "diagnosisPointers", ch.pos_code AS "posCode",
              (SELECT count(*)::int FROM claim_diagnoses d WHERE d.claim_id = ch.claim_id) AS "diagnoses"
         FROM charges ch WHERE ch.charge_id = $1`,
      [input.chargeID],
    );
    if (!charge) throw new NotFoundError();

    const before: ChargeCoding = {
      cptCode: charge.cptCode,
      modifiers: charge.modifiers.filter((modifier): modifier is string => modifier !== null && modifier !== ''),
      units: charge.units,
      diagnosisPointers: charge.diagnosisPointers,
      posCode: charge.posCode,
    };
    const after: ChargeCoding = {
      cptCode: input.cptCode ?? before.cptCode,
      modifiers: input.modifiers ?? before.modifiers,
      units: input.units ?? before.units,
      diagnosisPointers: input.diagnosisPointers ?? before.diagnosisPointers,
      posCode: input.posCode === undefined ? before.posCode : input.posCode,
    };
    const refusal = refusalOf(claim, charge, after, input);
    if (refusal !== null) throw new BadRequestError(refusal);
    const reply: EditChargeReply = { message: 'Charge updated.', chargeID: input.chargeID, claimID: claim.claimID };

    const changes = changesBetween(before, after);
    if (Object.keys(changes).length === 0) return reply;
    const place = changes.posCode?.to;
    if (typeof place === 'string' && !(await placeOfServiceExists(tx, place)))
      throw new BadRequestError(`Place of service ${place} is not in the code list.`);

    await tx.query(
      `UPDATE charges
          SET cpt_code = $2, modifier1 = $3, modifier2 = $4, modifier3 = $5, modifier4 = $6, units = $7,
              diagnosis_pointers = $8::smallint[], pos_code = $9
        WHERE charge_id = $1`,
      [
        input.chargeID,
        after.cptCode,
        after.modifiers[0] ?? null,
        after.modifiers[1] ?? null,
        after.modifiers[2] ?? null,
        after.modifiers[3] ?? null,
        after.units,
        after.diagnosisPointers,
        after.posCode,
      ],
    );
    // A forced pass vouched for the findings of the claim as it was; it goes with them.
    await needsScrubAgain(tx, claim.claimID, now);
    const detail: ChargeEditedDetail = { chargeID: input.chargeID, lineNumber: charge.lineNumber, changes };
    await recordClaimEvent(tx, actor, claim.claimID, 'charge edited', { ...detail }, now);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'charges.edit',
      recordType: 'charge',
      recordId: input.chargeID,
      source: actor.source,
      ip: actor.ip,
      detail: { claimID: claim.claimID, fields: Object.keys(changes) },
    });
    return reply;
  });
}
