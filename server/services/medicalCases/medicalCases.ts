/**
 * MedicalCase calls: a patient's episodes of care and the claims grouped under them. Only a
 * patient of the data role has cases here; a case outside it is "not found", never "forbidden",
 * so ids of other groups' patients give nothing away. Linking and unlinking write the claim's DNA
 * log, since the case travels with the claim to the payer.
 */
import type {
  LinkMedicalCaseInput,
  MedicalCase,
  MedicalCaseMessageReply,
  PatientMedicalCasesReply,
  SaveMedicalCaseInput,
  SaveMedicalCaseReply,
  UpdateMedicalCaseInput,
} from '../../../contract/medicalCases.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { recordClaimEvent } from '../claims/claimEditing.ts';
import type { Actor } from '../context.ts';

async function patientInScope(q: Queryable, scope: DataScope, patientID: number): Promise<void> {
  const [patient] = await q.query('SELECT 1 FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])', [
    patientID,
    scope.practiceIds,
  ]);
  if (!patient) throw new NotFoundError();
}

/** Locks the case so a link and a delete of it cannot cross. */
async function lockCase(
  q: Queryable,
  scope: DataScope,
  medicalCaseID: number,
): Promise<{ patientID: number; name: string }> {
  const [found] = await q.query<{ patientID: number; name: string }>(
    `SELECT m.patient_id AS "patientID", m.name FROM medical_cases m JOIN patients p USING (patient_id)
      WHERE m.medical_case_id = $1 AND m.active AND p.practice_id = ANY($2::bigint[]) FOR UPDATE OF m`,
    [medicalCaseID, scope.practiceIds],
  );
  if (!found) throw new NotFoundError();
  return found;
}

export async function saveMedicalCase(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: SaveMedicalCaseInput,
): Promise<SaveMedicalCaseReply> {
  return db.transaction(async (tx) => {
    await patientInScope(tx, scope, input.patientID);
    const [saved] = await tx.query<{ id: number }>(
      `INSERT INTO medical_cases (patient_id, name, case_type, start_date, end_date) VALUES ($1, $2, $3, $4, $5) RETURNING medical_case_id AS id`,
      [input.patientID, input.name, input.caseType, input.startDate, input.endDate],
    );
    if (!saved) throw new Error('The medical case was not stored.');
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'medicalCases.create',
      recordType: 'medical_case',
      recordId: saved.id,
      source: actor.source,
      ip: actor.ip,
      detail: { patientID: input.patientID },
    });
    return { message: `Successfully Added Medical Case ${saved.id}`, pkid: saved.id };
  });
}

export async function updateMedicalCase(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: UpdateMedicalCaseInput,
): Promise<MedicalCaseMessageReply> {
  return db.transaction(async (tx) => {
    await lockCase(tx, scope, input.medicalCaseID);
    await tx.query(
      'UPDATE medical_cases SET name = $2, case_type = $3, start_date = $4, end_date = $5 WHERE medical_case_id = $1',
      [input.medicalCaseID, input.name, input.caseType, input.startDate, input.endDate],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'medicalCases.update',
      recordType: 'medical_case',
      recordId: input.medicalCaseID,
      source: actor.source,
      ip: actor.ip,
    });
    return { message: `Medical Case ${input.medicalCaseID} Successfully Updated`, medicalCaseID: input.medicalCaseID };
  });
}

/**
 * Refused while claims are linked: a delete that unlinked them silently would change what those
 * claims tell the payer. The biller unlinks them first, each with its DNA entry.
 */
export async function deleteMedicalCase(
  db: Db,
  actor: Actor,
  scope: DataScope,
  medicalCaseID: number,
): Promise<MedicalCaseMessageReply> {
  return db.transaction(async (tx) => {
    await lockCase(tx, scope, medicalCaseID);
    const [linked] = await tx.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM claims WHERE medical_case_id = $1',
      [medicalCaseID],
    );
    const count = linked?.count ?? 0;
    if (count > 0)
      throw new BadRequestError(
        `Medical Case ${medicalCaseID} has ${count} linked claim${count === 1 ? '' : 's'}: unlink ${count === 1 ? 'it' : 'them'} first.`,
      );
    await tx.query('DELETE FROM medical_cases WHERE medical_case_id = $1', [medicalCaseID]);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'medicalCases.delete',
      recordType: 'medical_case',
      recordId: medicalCaseID,
      source: actor.source,
      ip: actor.ip,
    });
    return { message: `Medical Case ${medicalCaseID} Successfully Deleted`, medicalCaseID };
  });
}

/** All or nothing: one claim that is not the patient's (or not visible) refuses the whole list. */
export async function linkMedicalCaseWithClaims(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: LinkMedicalCaseInput,
  now: Date,
): Promise<MedicalCaseMessageReply> {
  return db.transaction(async (tx) => {
    const medicalCase = await lockCase(tx, scope, input.medicalCaseID);
    const claims = await tx.query<{ claimID: number; previous: number | null }>(
      `SELECT claim_id AS "claimID", medical_case_id AS previous FROM claims
        WHERE claim_id = ANY($1::bigint[]) AND patient_id = $2 AND practice_id = ANY($3::bigint[])
        ORDER BY claim_id FOR NO KEY UPDATE`,
      [input.claimIDS, medicalCase.patientID, scope.practiceIds],
    );
    const found = new Set(claims.map((claim) => claim.claimID));
    const refused = input.claimIDS.filter((claimID) => !found.has(claimID));
    if (refused.length > 0)
      throw new BadRequestError(`Not claims of this case's patient: ${refused.join(', ')}. Nothing was linked.`);
    const moving = claims.filter((claim) => claim.previous !== input.medicalCaseID);
    await tx.query('UPDATE claims SET medical_case_id = $2, updated_at = $3 WHERE claim_id = ANY($1::bigint[])', [
      moving.map((claim) => claim.claimID),
      input.medicalCaseID,
      now,
    ]);
    for (const claim of moving) {
      await recordClaimEvent(
        tx,
        actor,
        claim.claimID,
        'medical case linked',
        { medicalCaseID: input.medicalCaseID, previousMedicalCaseID: claim.previous },
        now,
      );
    }
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'medicalCases.link',
      recordType: 'medical_case',
      recordId: input.medicalCaseID,
      source: actor.source,
      ip: actor.ip,
      detail: { claimIDs: moving.map((claim) => claim.claimID) },
    });
    const count = input.claimIDS.length;
    return {
      message: `${count} claim${count === 1 ? '' : 's'} linked to Medical Case ${input.medicalCaseID} (${medicalCase.name}).`,
      medicalCaseID: input.medicalCaseID,
    };
  });
}

export async function unlinkMedicalCase(
  db: Db,
  actor: Actor,
  scope: DataScope,
  claimID: number,
  now: Date,
): Promise<MedicalCaseMessageReply> {
  return db.transaction(async (tx) => {
    const [claim] = await tx.query<{ medicalCaseID: number | null }>(
      'SELECT medical_case_id AS "medicalCaseID" FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[]) FOR NO KEY UPDATE',
      [claimID, scope.practiceIds],
    );
    if (!claim) throw new NotFoundError();
    if (claim.medicalCaseID === null) throw new BadRequestError(`Claim ${claimID} is not linked to a medical case.`);
    await tx.query('UPDATE claims SET medical_case_id = NULL, updated_at = $2 WHERE claim_id = $1', [claimID, now]);
    await recordClaimEvent(tx, actor, claimID, 'medical case unlinked', { medicalCaseID: claim.medicalCaseID }, now);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'medicalCases.unlink',
      recordType: 'claim',
      recordId: claimID,
      source: actor.source,
      ip: actor.ip,
      detail: { medicalCaseID: claim.medicalCaseID },
    });
    return {
      message: `Claim ${claimID} Successfully Unlinked from Medical Case ${claim.medicalCaseID}`,
      medicalCaseID: claim.medicalCaseID,
    };
  });
}

export async function patientMedicalCases(
  q: Queryable,
  scope: DataScope,
  patientID: number,
): Promise<PatientMedicalCasesReply> {
  await patientInScope(q, scope, patientID);
  const medicalCases = await q.query<MedicalCase>(
    `SELECT m.medical_case_id AS "medicalCaseID", m.patient_id AS "patientID", m.name, m.case_type AS "caseType",
            m.start_date::text AS "startDate", m.end_date::text AS "endDate",
            (SELECT count(*)::int FROM claims c WHERE c.medical_case_id = m.medical_case_id) AS "claimCount"
       FROM medical_cases m WHERE m.patient_id = $1 AND m.active
      ORDER BY m.start_date DESC, m.medical_case_id DESC`,
    [patientID],
  );
  return { medicalCases };
}
