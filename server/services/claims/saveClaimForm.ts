/**
 * AddEditClaim/saveClaimForm: the claim form saved at once, in ONE transaction, so a biller never
 * leaves a half-saved claim behind. A new claim goes through the same steps as saveClaim and
 * saveCharge; an edit through editClaim's checks, then its lines: a listed line is recoded and
 * repriced, a new one added (priced like saveCharge), a line left out is taken off as
 * deleteChargeByID would (never for a claim ever sent, nor a line with postings). A changed amount
 * books the difference as a 'charge' ledger row, so the total, the balance and the ledger agree.
 * The charge batch follows the rule of "Set charge batch…" (claimChargeBatch.ts): an open batch of
 * the claim's own practice, refused with its reason before anything stays written.
 */
import type { SaveClaimFormInput, SaveClaimFormReply, ClaimFormLineInput } from '../../../contract/claimForm.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { dateOf } from '../scrub/days.ts';
import { addChargeTo } from './addCharge.ts';
import {
  claimLines,
  linesWithPostings,
  lockedMonth,
  settleClaimAfterLinesOff,
  takeLineOff,
} from './chargeStatusWrites.ts';
import { checkChargeBatch } from './claimChargeBatch.ts';
import { lockEditableClaim, needsScrubAgain, recordClaimEvent, type EditableClaim } from './claimEditing.ts';
import { insertClaim, refuseInactivePayer } from './createClaim.ts';
import { cptFee } from './cptFee.ts';
import { saveInstitutionalDetails, saveLineRevenue, settleClaimKind } from './institutionalDetails.ts';

interface StoredLine {
  chargeID: number;
  lineNumber: number;
  status: string;
  cptCode: string;
  modifiers: (string | null)[];
  units: number;
  chargeCents: number;
  diagnosisPointers: number[];
  posCode: string | null;
  ndcCode: string | null;
}

async function mustExist(q: Queryable, sql: string, values: unknown[], refusal: string): Promise<void> {
  const [found] = await q.query(sql, values);
  if (!found) throw new BadRequestError(refusal);
}

/** Providers of the claim's group, the facility of its practice, a POS of the code list, the patient's coverage. */
async function checkReferences(q: Queryable, claim: EditableClaim, input: SaveClaimFormInput): Promise<void> {
  for (const providerID of [input.providerID, input.referringProviderID, input.supervisingProviderID]) {
    if (providerID === null) continue;
    await mustExist(
      q,
      'SELECT 1 FROM providers WHERE provider_id = $1 AND group_id = $2 AND active',
      [providerID, claim.groupID],
      `Provider ${providerID} is not an active provider of the claim's group.`,
    );
  }
  if (input.facilityID !== null) {
    await mustExist(
      q,
      'SELECT 1 FROM facilities WHERE facility_id = $1 AND practice_id = $2 AND active',
      [input.facilityID, claim.practiceID],
      `Facility ${input.facilityID} is not an active facility of the claim's practice.`,
    );
  }
  await mustExist(
    q,
    'SELECT 1 FROM place_of_service WHERE code = $1',
    [input.posCode],
    `Place of service ${input.posCode} is not in the code list.`,
  );
  for (const line of input.lines) {
    if (line.posCode !== null && line.posCode !== input.posCode)
      await mustExist(
        q,
        'SELECT 1 FROM place_of_service WHERE code = $1',
        [line.posCode],
        `Place of service ${line.posCode} is not in the code list.`,
      );
  }
}

/** The claim's own fields and its coverage; the diagnoses replace the list in the order given. */
async function updateClaimFields(q: Queryable, claim: EditableClaim, input: SaveClaimFormInput): Promise<void> {
  let coverage = { patientInsuranceID: claim.patientInsuranceID, insuranceID: claim.insuranceID };
  if (input.patientInsuranceID === null) coverage = { patientInsuranceID: null, insuranceID: null };
  else if (input.patientInsuranceID !== undefined && input.patientInsuranceID !== claim.patientInsuranceID) {
    const [found] = await q.query<{ insuranceID: number }>(
      'SELECT insurance_id AS "insuranceID" FROM patient_insurances WHERE patient_insurance_id = $1 AND patient_id = $2 AND active',
      [input.patientInsuranceID, claim.patientID],
    );
    if (!found)
      throw new BadRequestError(`Coverage ${input.patientInsuranceID} is not an active coverage of the patient.`);
    await refuseInactivePayer(q, found.insuranceID);
    coverage = { patientInsuranceID: input.patientInsuranceID, insuranceID: found.insuranceID };
  }
  await q.query(
    `UPDATE claims SET provider_id = $2, referring_provider_id = $3, supervising_provider_id = $4, facility_id = $5, pos_code = $6, dos_from = $7, dos_to = $8,
                       frequency_code = $9, original_claim_number = $10, prior_authorization_number = $11, referral_number = $12,
                       patient_insurance_id = $13, insurance_id = $14
      WHERE claim_id = $1`,
    [
      claim.claimID,
      input.providerID,
      input.referringProviderID,
      input.supervisingProviderID,
      input.facilityID,
      input.posCode,
      input.dosFrom,
      input.dosTo,
      input.frequencyCode,
      input.originalClaimNumber,
      input.priorAuthorizationNumber,
      input.referralNumber,
      coverage.patientInsuranceID,
      coverage.insuranceID,
    ],
  );
  await q.query('DELETE FROM claim_diagnoses WHERE claim_id = $1', [claim.claimID]);
  await q.query(
    'INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) SELECT $1, s, c FROM unnest($2::text[]) WITH ORDINALITY AS d (c, s)',
    [claim.claimID, input.icds],
  );
}

/**
 * An edited claim's batch, when the form moves it: into an open batch of its practice, or out of
 * any. Left alone when unchanged, so a claim whose batch was closed since keeps it through an edit
 * of its other fields. The batch id, or undefined when it did not move.
 */
async function moveToChargeBatch(
  tx: Queryable,
  scope: DataScope,
  claim: EditableClaim,
  chargeBatchID: number | null | undefined,
): Promise<number | null | undefined> {
  if (chargeBatchID === undefined) return undefined;
  const [stored] = await tx.query<{ chargeBatchID: number | null }>(
    'SELECT charge_batch_id AS "chargeBatchID" FROM claims WHERE claim_id = $1',
    [claim.claimID],
  );
  if ((stored?.chargeBatchID ?? null) === chargeBatchID) return undefined;
  if (chargeBatchID !== null) await checkChargeBatch(tx, scope, claim, chargeBatchID);
  await tx.query('UPDATE claims SET charge_batch_id = $2 WHERE claim_id = $1', [claim.claimID, chargeBatchID]);
  return chargeBatchID;
}

/** Takes off the lines the form left out; refuses, naming the line, when one cannot come off. */
async function removeLines(
  tx: Queryable,
  actor: Actor,
  claimID: number,
  chargeIDs: number[],
  now: Date,
): Promise<number> {
  if (chargeIDs.length === 0) return 0;
  const lines = await claimLines(tx, claimID, chargeIDs);
  const [state] = await tx.query<{ everSubmitted: boolean; practiceID: number }>(
    'SELECT submitted_at IS NOT NULL AS "everSubmitted", practice_id AS "practiceID" FROM claims WHERE claim_id = $1',
    [claimID],
  );
  const posted = await linesWithPostings(tx, chargeIDs);
  const postingDate = dateOf(now);
  const month = await lockedMonth(tx, state?.practiceID ?? 0, postingDate);
  let balanceTakenOff = 0;
  for (const line of lines) {
    const refusal = state?.everSubmitted
      ? `claim ${claimID} has been submitted; void the line instead.`
      : posted.has(line.chargeID)
        ? `it has payments or adjustments posted; reverse them first.`
        : month !== null
          ? `${month} is locked for month-end.`
          : null;
    if (refusal !== null)
      throw new BadRequestError(`Line ${line.lineNumber} (${line.cptCode}) cannot be taken off: ${refusal}`);
    await takeLineOff(
      tx,
      actor,
      line,
      'deleted',
      postingDate,
      `Line ${line.lineNumber} deleted in the claim form`,
      now,
    );
    balanceTakenOff += line.balanceCents;
    await recordClaimEvent(
      tx,
      actor,
      claimID,
      'charge deleted',
      { chargeID: line.chargeID, lineNumber: line.lineNumber, cptCode: line.cptCode, chargeCents: line.chargeCents },
      now,
    );
  }
  await settleClaimAfterLinesOff(tx, claimID, balanceTakenOff, now);
  return lines.length;
}

/** Recodes and reprices one line; true when anything changed. */
async function updateLine(
  tx: Queryable,
  actor: Actor,
  claim: EditableClaim,
  stored: StoredLine,
  line: ClaimFormLineInput,
  now: Date,
): Promise<boolean> {
  if (stored.status === 'void') throw new BadRequestError(`Line ${stored.lineNumber} is void: it cannot be changed.`);
  let amount = line.chargeCents;
  if (amount === undefined) {
    const fee = await cptFee(tx, {
      practiceID: claim.practiceID,
      insuranceID: claim.insuranceID,
      cptCode: line.cptCode,
      modifier: line.modifiers[0] ?? null,
      dos: claim.dosFrom,
    });
    if (fee.feeCents === null)
      throw new BadRequestError(
        `Line ${stored.lineNumber}: no fee schedule of the practice prices ${line.cptCode}: type the amount.`,
      );
    amount = fee.feeCents * line.units;
  }
  const ndcCode = line.ndcCode === undefined ? stored.ndcCode : line.ndcCode;
  const before = {
    cptCode: stored.cptCode,
    modifiers: stored.modifiers.filter((m): m is string => m !== null && m !== ''),
    units: stored.units,
    diagnosisPointers: stored.diagnosisPointers,
    posCode: stored.posCode,
    chargeCents: stored.chargeCents,
    ndcCode: stored.ndcCode,
  };
  const after = {
    cptCode: line.cptCode,
    modifiers: line.modifiers,
    units: line.units,
    diagnosisPointers: line.diagnosisPointers,
    posCode: line.posCode,
    chargeCents: amount,
    ndcCode,
  };
  const changes = Object.fromEntries(
    (Object.keys(after) as (keyof typeof after)[])
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
  if (Object.keys(changes).length === 0) return false;
  const difference = amount - stored.chargeCents;
  if (difference !== 0 && (await linesWithPostings(tx, [stored.chargeID])).size > 0) {
    throw new BadRequestError(
      `Line ${stored.lineNumber} has payments or adjustments posted: its amount stays ${(stored.chargeCents / 100).toFixed(2)}.`,
    );
  }
  // The difference is posted today: a month closed at month-end takes none.
  const closed = difference === 0 ? null : await lockedMonth(tx, claim.practiceID, dateOf(now));
  if (closed !== null)
    throw new BadRequestError(
      `Line ${stored.lineNumber}: ${closed} is locked at month-end, so its amount stays ${(stored.chargeCents / 100).toFixed(2)}.`,
    );
  await tx.query(
    `UPDATE charges SET cpt_code = $2, modifier1 = $3, modifier2 = $4, modifier3 = $5, modifier4 = $6, units = $7, diagnosis_pointers = $8::smallint[], pos_code = $9,
                        charge_cents = $10, balance_cents = balance_cents + $11, ndc_code = $12,
                        ndc_unit_type = CASE WHEN $12::text IS NULL THEN NULL ELSE coalesce(ndc_unit_type, 'UN') END,
                        ndc_units = CASE WHEN $12::text IS NULL THEN NULL ELSE coalesce(ndc_units, $7::integer) END
      WHERE charge_id = $1`,
    [
      stored.chargeID,
      line.cptCode,
      line.modifiers[0] ?? null,
      line.modifiers[1] ?? null,
      line.modifiers[2] ?? null,
      line.modifiers[3] ?? null,
      line.units,
      line.diagnosisPointers,
      line.posCode,
      amount,
      difference,
      ndcCode,
    ],
  );
  if (difference !== 0) {
    await tx.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date, note, created_by)
       VALUES ($1, $2, $3, $4, $5, 'charge', $6, $7::date, $8, $9)`,
      [
        claim.groupID,
        claim.practiceID,
        claim.patientID,
        claim.claimID,
        stored.chargeID,
        difference,
        dateOf(now),
        `Line ${stored.lineNumber} amount changed`,
        actor.userId,
      ],
    );
    await tx.query(
      'UPDATE claims SET total_charge_cents = total_charge_cents + $2, balance_cents = balance_cents + $2 WHERE claim_id = $1',
      [claim.claimID, difference],
    );
  }
  await recordClaimEvent(
    tx,
    actor,
    claim.claimID,
    'charge edited',
    { chargeID: stored.chargeID, lineNumber: stored.lineNumber, changes },
    now,
  );
  return true;
}

/** A new line through saveCharge's steps, then the NDC the biller typed over the crosswalk's. */
async function addLine(
  tx: Queryable,
  actor: Actor,
  claim: EditableClaim,
  line: ClaimFormLineInput,
  now: Date,
): Promise<number> {
  const saved = await addChargeTo(
    tx,
    actor,
    claim,
    {
      claimID: claim.claimID,
      cptCode: line.cptCode,
      modifiers: line.modifiers,
      units: line.units,
      diagnosisPointers: line.diagnosisPointers,
      posCode: line.posCode,
      ...(line.chargeCents === undefined ? {} : { chargeCents: line.chargeCents }),
    },
    now,
  );
  if (line.ndcCode !== undefined) {
    await tx.query(
      `UPDATE charges SET ndc_code = $2, ndc_unit_type = CASE WHEN $2::text IS NULL THEN NULL ELSE coalesce(ndc_unit_type, 'UN') END,
                          ndc_units = CASE WHEN $2::text IS NULL THEN NULL ELSE coalesce(ndc_units, units) END
        WHERE charge_id = $1`,
      [saved.chargeID, line.ndcCode],
    );
  }
  return saved.chargeID;
}

async function saveLines(
  tx: Queryable,
  actor: Actor,
  claim: EditableClaim,
  input: SaveClaimFormInput,
  now: Date,
): Promise<{ added: number; changed: number; removed: number; chargeIDs: number[] }> {
  const stored = await tx.query<StoredLine>(
    `SELECT charge_id AS "chargeID", line_number::int AS "lineNumber", charge_status AS "status", cpt_code AS "cptCode",
            ARRAY[modifier1, modifier2, modifier3, modifier4] AS "modifiers", units, charge_cents AS "chargeCents",
            diagnosis_pointers::int[] AS "diagnosisPointers", pos_code AS "posCode", ndc_code AS "ndcCode"
       FROM charges WHERE claim_id = $1 AND charge_status <> 'deleted' ORDER BY line_number`,
    [claim.claimID],
  );
  const byID = new Map(stored.map((line) => [line.chargeID, line]));
  const unknown = input.lines.find((line) => line.chargeID !== undefined && !byID.has(line.chargeID));
  if (unknown?.chargeID !== undefined)
    throw new BadRequestError(`Charge ${unknown.chargeID} is not a line of claim ${claim.claimID}.`);
  const listed = new Set(input.lines.map((line) => line.chargeID));
  // Void lines stay on the claim as they are: the form shows them but does not send them.
  const leftOut = stored
    .filter((line) => !listed.has(line.chargeID) && line.status !== 'void')
    .map((line) => line.chargeID);
  const removed = await removeLines(tx, actor, claim.claimID, leftOut, now);
  let changed = 0;
  let added = 0;
  const chargeIDs: number[] = [];
  for (const line of input.lines) {
    const before = line.chargeID === undefined ? undefined : byID.get(line.chargeID);
    if (before) {
      changed += (await updateLine(tx, actor, claim, before, line, now)) ? 1 : 0;
      chargeIDs.push(before.chargeID);
    } else {
      chargeIDs.push(await addLine(tx, actor, claim, line, now));
      added += 1;
    }
  }
  return { added, changed, removed, chargeIDs };
}

export async function saveClaimForm(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: SaveClaimFormInput,
  now: Date,
): Promise<SaveClaimFormReply> {
  return db.transaction(async (tx) => {
    const creating = input.claimID === undefined;
    const claimID =
      input.claimID ??
      (await insertClaim(
        tx,
        actor,
        scope,
        {
          patientID: input.patientID,
          patientInsuranceID: input.patientInsuranceID,
          providerID: input.providerID,
          facilityID: input.facilityID,
          posCode: input.posCode,
          dosFrom: input.dosFrom,
          dosTo: input.dosTo,
          icds: input.icds,
          referringProviderID: input.referringProviderID,
          priorAuthorizationNumber: input.priorAuthorizationNumber,
          chargeBatchID: input.chargeBatchID ?? null,
        },
        now,
      ));
    const claim = await lockEditableClaim(tx, scope, claimID);
    if (claim.patientID !== input.patientID)
      throw new BadRequestError(`Claim ${claimID} stays with its patient: start a new claim for another patient.`);
    // A new claim was put in its batch (and checked) by insertClaim.
    const movedTo = creating ? undefined : await moveToChargeBatch(tx, scope, claim, input.chargeBatchID);
    await checkReferences(tx, claim, input);
    // The kind first: a new line of an institutional claim takes the crosswalk's revenue code.
    const kind = await settleClaimKind(tx, claimID, input.claimType, input.institutional);
    await updateClaimFields(tx, claim, input);
    await saveInstitutionalDetails(tx, claim, kind, kind === 'institutional' ? input.institutional : null);
    const edited = { ...claim, dosFrom: input.dosFrom, dosTo: input.dosTo };
    const [coverage] = await tx.query<{ insuranceID: number | null }>(
      'SELECT insurance_id AS "insuranceID" FROM claims WHERE claim_id = $1',
      [claimID],
    );
    const { chargeIDs, ...counts } = await saveLines(
      tx,
      actor,
      { ...edited, insuranceID: coverage?.insuranceID ?? null },
      input,
      now,
    );
    await saveLineRevenue(tx, claimID, kind, input.lines, chargeIDs);
    // The form has one DOS range: when it moves, the lines billed move with it.
    if (claim.dosFrom !== input.dosFrom || claim.dosTo !== input.dosTo) {
      await tx.query(
        "UPDATE charges SET dos_from = $2, dos_to = $3 WHERE claim_id = $1 AND charge_status IN ('active', 'hold')",
        [claimID, input.dosFrom, input.dosTo],
      );
    }
    await needsScrubAgain(tx, claimID, now);
    if (!creating)
      await recordClaimEvent(
        tx,
        actor,
        claimID,
        'claim edited',
        {
          form: true,
          ...counts,
          diagnoses: input.icds.length,
          ...(movedTo === undefined ? {} : { chargeBatchID: movedTo }),
        },
        now,
      );
    await writeAudit(tx, {
      userId: actor.userId,
      action: creating ? 'claims.formCreate' : 'claims.formEdit',
      recordType: 'claim',
      recordId: claimID,
      source: actor.source,
      ip: actor.ip,
      detail: counts,
    });
    const [total] = await tx.query<{ cents: number }>(
      'SELECT total_charge_cents AS cents FROM claims WHERE claim_id = $1',
      [claimID],
    );
    return {
      message: creating ? `Claim ${claimID} created.` : `Claim ${claimID} saved.`,
      claimID,
      totalCents: total?.cents ?? 0,
      ...counts,
    };
  });
}
