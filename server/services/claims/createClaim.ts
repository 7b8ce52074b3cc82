/**
 * AddEditClaim/saveClaim: a new draft claim for a patient of the data role, with its diagnoses;
 * the lines come after, through saveCharge, each with its charge row in the ledger. Everything
 * the claim points at must belong to the patient's group (provider, facility) or to the patient
 * (coverage), so a claim never bills under another group's NPI or another patient's policy. A
 * superbill keyed from a charge batch goes in that batch: an open one of the patient's practice.
 */
import type { SaveClaimInput, SaveClaimReply } from '../../../contract/claimEdit.ts';
import { CLAIM_STATUS, SCRUB_STATUS, SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { checkChargeBatch } from './claimChargeBatch.ts';
import { recordClaimEvent } from './claimEditing.ts';

interface Patient {
  groupID: number;
  practiceID: number;
  name: string;
}

async function coverageOf(
  q: Queryable,
  patientID: number,
  asked: number | null | undefined,
  dos: string,
): Promise<{ patientInsuranceID: number; insuranceID: number } | null> {
  if (asked === null) return null;
  const [coverage] = await q.query<{ patientInsuranceID: number; insuranceID: number }>(
    `SELECT patient_insurance_id AS "patientInsuranceID", insurance_id AS "insuranceID" FROM patient_insurances
      WHERE patient_id = $1 AND active AND ($2::bigint IS NULL AND priority = 1 AND effective_from <= $3::date AND (effective_to IS NULL OR effective_to >= $3::date)
                                           OR patient_insurance_id = $2)
      ORDER BY priority LIMIT 1`,
    [patientID, asked ?? null, dos],
  );
  if (asked !== undefined && !coverage)
    throw new BadRequestError(`Coverage ${asked} is not an active coverage of the patient.`);
  if (coverage) await refuseInactivePayer(q, coverage.insuranceID);
  return coverage ?? null;
}

/** An inactive payer stays on the claims billed to it, but no new claim goes to it. */
export async function refuseInactivePayer(q: Queryable, insuranceID: number): Promise<void> {
  const [payer] = await q.query<{ name: string; active: boolean }>(
    'SELECT name, active FROM insurances WHERE insurance_id = $1',
    [insuranceID],
  );
  if (payer && !payer.active)
    throw new BadRequestError(`${payer.name} is an inactive payer: a new claim cannot be billed to it.`);
}

async function mustExist(q: Queryable, sql: string, values: unknown[], refusal: string): Promise<void> {
  const [found] = await q.query(sql, values);
  if (!found) throw new BadRequestError(refusal);
}

export async function createClaim(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: SaveClaimInput,
  now: Date,
): Promise<SaveClaimReply> {
  const claimID = await db.transaction(async (tx) => insertClaim(tx, actor, scope, input, now));
  return { message: `Claim ${claimID} created.`, claimID };
}

/** The draft claim and its diagnoses inside the caller's transaction (the claim form adds its lines in the same one); its id. */
export async function insertClaim(
  tx: Queryable,
  actor: Actor,
  scope: DataScope,
  input: SaveClaimInput,
  now: Date,
): Promise<number> {
  const dosTo = input.dosTo ?? input.dosFrom;
  if (dosTo < input.dosFrom) throw new BadRequestError('The last date of service is before the first.');
  const [patient] = await tx.query<Patient>(
    `SELECT group_id AS "groupID", practice_id AS "practiceID", upper(last_name || ', ' || first_name) AS name
       FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[]) AND active`,
    [input.patientID, scope.practiceIds],
  );
  if (!patient) throw new NotFoundError();
  await mustExist(
    tx,
    'SELECT 1 FROM practices p JOIN groups g ON g.group_id = p.group_id WHERE p.practice_id = $1 AND p.active AND g.active',
    [patient.practiceID],
    "The patient's practice (or its group) is inactive: a new claim cannot be billed under it.",
  );
  await mustExist(
    tx,
    'SELECT 1 FROM providers WHERE provider_id = $1 AND group_id = $2 AND active',
    [input.providerID, patient.groupID],
    `Provider ${input.providerID} is not an active provider of the patient's group.`,
  );
  if (input.referringProviderID !== null) {
    await mustExist(
      tx,
      'SELECT 1 FROM providers WHERE provider_id = $1 AND group_id = $2 AND active',
      [input.referringProviderID, patient.groupID],
      `Provider ${input.referringProviderID} is not an active provider of the patient's group.`,
    );
  }
  if (input.facilityID !== null) {
    await mustExist(
      tx,
      'SELECT 1 FROM facilities WHERE facility_id = $1 AND practice_id = $2 AND active',
      [input.facilityID, patient.practiceID],
      `Facility ${input.facilityID} is not an active facility of the patient's practice.`,
    );
  }
  await mustExist(
    tx,
    'SELECT 1 FROM place_of_service WHERE code = $1',
    [input.posCode],
    `Place of service ${input.posCode} is not in the code list.`,
  );
  if (input.chargeBatchID !== null) await checkChargeBatch(tx, scope, patient, input.chargeBatchID);
  const coverage = await coverageOf(tx, input.patientID, input.patientInsuranceID, input.dosFrom);
  const [claim] = await tx.query<{ id: number }>(
    `INSERT INTO claims (group_id, practice_id, facility_id, patient_id, patient_name, patient_insurance_id, insurance_id, provider_id, referring_provider_id,
                         pos_code, claim_status_id, scrub_status_id, submit_status_id, dos_from, dos_to, prior_authorization_number, charge_batch_id, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19) RETURNING claim_id AS id`,
    [
      patient.groupID,
      patient.practiceID,
      input.facilityID,
      input.patientID,
      patient.name,
      coverage?.patientInsuranceID ?? null,
      coverage?.insuranceID ?? null,
      input.providerID,
      input.referringProviderID,
      input.posCode,
      CLAIM_STATUS.draft,
      SCRUB_STATUS.notScrubbed,
      SUBMIT_STATUS.notSubmitted,
      input.dosFrom,
      dosTo,
      input.priorAuthorizationNumber,
      input.chargeBatchID,
      actor.userId,
      now,
    ],
  );
  if (!claim) throw new Error('The claim was not stored.');
  await tx.query(
    'INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) SELECT $1, s, c FROM unnest($2::text[]) WITH ORDINALITY AS d (c, s)',
    [claim.id, input.icds],
  );
  await recordClaimEvent(
    tx,
    actor,
    claim.id,
    'created',
    {
      patientID: input.patientID,
      insuranceID: coverage?.insuranceID ?? null,
      diagnoses: input.icds.length,
      chargeBatchID: input.chargeBatchID,
    },
    now,
  );
  await writeAudit(tx, {
    userId: actor.userId,
    action: 'claims.create',
    recordType: 'claim',
    recordId: claim.id,
    source: actor.source,
    ip: actor.ip,
  });
  return claim.id;
}

/** Repository/getProviders: the active providers of the data role's groups (or of one of them). */
export async function providersInScope(
  q: Queryable,
  scope: DataScope,
  groupID: number | undefined,
): Promise<{
  providers: { providerID: number; name: string; npi: string; practiceID: number | null; groupID: number }[];
}> {
  const groups = groupID === undefined ? scope.groupIds : scope.groupIds.filter((id) => id === groupID);
  const providers = await q.query<{
    providerID: number;
    name: string;
    npi: string;
    practiceID: number | null;
    groupID: number;
  }>(
    `SELECT provider_id AS "providerID", concat_ws(', ', last_name, first_name) AS name, npi, practice_id AS "practiceID", group_id AS "groupID"
       FROM providers WHERE group_id = ANY($1::bigint[]) AND active ORDER BY last_name, first_name, provider_id`,
    [groups],
  );
  return { providers };
}
