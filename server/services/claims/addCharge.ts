/**
 * AddEditClaim/saveCharge: a new charge line on a claim not yet sent. Its amount is the fee
 * schedule's fee times the units unless the biller gives one. In one transaction: the line, its
 * 'charge' ledger row (the ledger is where balances come from), the claim's total and balance,
 * the claim back to "not scrubbed", the DNA event and the audit row.
 */
import type { SaveChargeInput, SaveChargeReply } from '../../../contract/claimEdit.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { crosswalkedLineCoding } from '../crosswalks/lineCoding.ts';
import { lockEditableClaim, needsScrubAgain, recordClaimEvent, type EditableClaim } from './claimEditing.ts';
import { cptFee } from './cptFee.ts';
import { lockedMonth } from './chargeStatusWrites.ts';

const MAX_LINES = 50;

export async function addCharge(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: SaveChargeInput,
  now: Date,
): Promise<SaveChargeReply> {
  return db.transaction(async (tx) =>
    addChargeTo(tx, actor, await lockEditableClaim(tx, scope, input.claimID), input, now),
  );
}

/** The line on a claim already locked for editing, inside the caller's transaction (the claim form saves many). */
export async function addChargeTo(
  tx: Queryable,
  actor: Actor,
  claim: EditableClaim,
  input: SaveChargeInput,
  now: Date,
): Promise<SaveChargeReply> {
  const [lines] = await tx.query<{ last: number; count: number; diagnoses: number }>(
    `SELECT coalesce(max(line_number), 0)::int AS last, count(*) FILTER (WHERE charge_status <> 'void')::int AS count,
            (SELECT count(*)::int FROM claim_diagnoses WHERE claim_id = $1) AS diagnoses
       FROM charges WHERE claim_id = $1`,
    [claim.claimID],
  );
  const diagnoses = lines?.diagnoses ?? 0;
  if ((lines?.count ?? 0) >= MAX_LINES)
    throw new BadRequestError(`Claim ${claim.claimID} has ${MAX_LINES} lines already: start another claim.`);
  const past = input.diagnosisPointers.find((pointer) => pointer > diagnoses);
  if (past !== undefined)
    throw new BadRequestError(
      `Diagnosis pointer ${past} points past the claim's ${diagnoses === 1 ? '1 diagnosis' : `${diagnoses} diagnoses`}.`,
    );
  if (new Set(input.diagnosisPointers).size !== input.diagnosisPointers.length)
    throw new BadRequestError('A line points at each diagnosis only once.');
  // A new line's charge is posted today: a month closed at month-end takes none.
  const closed = await lockedMonth(tx, claim.practiceID, now.toISOString().slice(0, 10));
  if (closed !== null)
    throw new BadRequestError(`${closed} is locked at month-end: a new charge is posted today, so none can be added.`);

  let amount = input.chargeCents;
  if (amount === undefined) {
    const fee = await cptFee(tx, {
      practiceID: claim.practiceID,
      insuranceID: claim.insuranceID,
      cptCode: input.cptCode,
      modifier: input.modifiers[0] ?? null,
      dos: claim.dosFrom,
    });
    if (fee.feeCents === null)
      throw new BadRequestError(
        `No fee schedule of the practice prices ${input.cptCode} on ${claim.dosFrom}: type the amount.`,
      );
    amount = fee.feeCents * input.units;
  }
  const coding = await crosswalkedLineCoding(tx, claim, input.cptCode);
  const lineNumber = (lines?.last ?? 0) + 1;
  // The line control number (REF*6R) must be unique and known before the insert; it is derived
  // from the charge's own id, as the seed does, by taking the id first.
  const [next] = await tx.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence('charges', 'charge_id'))::bigint AS id`,
  );
  const chargeID = Number(next?.id);
  await tx.query(
    `INSERT INTO charges (charge_id, claim_id, line_number, cpt_code, modifier1, modifier2, modifier3, modifier4, units, charge_cents, diagnosis_pointers,
                          dos_from, dos_to, pos_code, rendering_provider_id, line_control_number, balance_cents, ndc_code, ndc_units, ndc_unit_type, revenue_code)
     OVERRIDING SYSTEM VALUE
     SELECT $1, c.claim_id, $2, $3, $4, $5, $6, $7, $8, $9, $10::smallint[], c.dos_from, c.dos_to, $11, c.provider_id, $12, $9, $14, $15, $16, $17
       FROM claims c WHERE c.claim_id = $13`,
    [
      chargeID,
      lineNumber,
      input.cptCode,
      input.modifiers[0] ?? null,
      input.modifiers[1] ?? null,
      input.modifiers[2] ?? null,
      input.modifiers[3] ?? null,
      input.units,
      amount,
      input.diagnosisPointers,
      input.posCode,
      `L${String(chargeID).padStart(10, '0')}`,
      claim.claimID,
      coding.ndcCode,
      coding.ndcUnits,
      coding.ndcUnitType,
      coding.revenueCode,
    ],
  );
  await tx.query(
    `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date, created_by)
     VALUES ($1, $2, $3, $4, $5, 'charge', $6, $7::date, $8)`,
    [
      claim.groupID,
      claim.practiceID,
      claim.patientID,
      claim.claimID,
      chargeID,
      amount,
      now.toISOString().slice(0, 10),
      actor.userId,
    ],
  );
  await tx.query(
    'UPDATE claims SET total_charge_cents = total_charge_cents + $2, balance_cents = balance_cents + $2 WHERE claim_id = $1',
    [claim.claimID, amount],
  );
  await needsScrubAgain(tx, claim.claimID, now);
  await recordClaimEvent(
    tx,
    actor,
    claim.claimID,
    'charge added',
    {
      chargeID,
      lineNumber,
      cptCode: input.cptCode,
      modifiers: input.modifiers,
      units: input.units,
      chargeCents: amount,
    },
    now,
  );
  await writeAudit(tx, {
    userId: actor.userId,
    action: 'charges.add',
    recordType: 'charge',
    recordId: chargeID,
    source: actor.source,
    ip: actor.ip,
    detail: { claimID: claim.claimID },
  });
  return { message: 'Charge saved.', chargeID, claimID: claim.claimID, lineNumber, chargeCents: amount };
}
