/**
 * Registering, editing and deleting a patient. Only practices of the user's data role take a
 * patient; a patient outside it is Not Found. Each change is one transaction with its audit row.
 */
import { normalZip, STATE_CODES } from '../../../contract/addressRules.ts';
import {
  PATIENT_MESSAGES,
  SEXES,
  type PatientLookupsReply,
  type PatientRequest,
  type SavedPatientReply,
  type UpdatePatientRequest,
} from '../../../contract/patientRecord.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { auditChange } from '../audit/auditChange.ts';
import type { Actor } from '../context.ts';
import { orNull } from '../organisation/changeAudit.ts';
import { nextAccountNumber, refuseTakenAccountNumber } from './accountNumbers.ts';
import { demographicFindings, phoneDigits } from './demographics.ts';

interface PatientFields {
  practiceID: number;
  accountNumber: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string;
  sex: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
  email: string | null;
  active: boolean;
}

const COLUMNS = `practice_id AS "practiceID", account_number AS "accountNumber", first_name AS "firstName",
  middle_name AS "middleName", last_name AS "lastName", to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", sex,
  address1, address2, city, state, zip, phone, email, active`;

const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** The patient as stored: names as typed, ZIP and phone in one form; refused with every finding. */
function checkedPatient(input: PatientRequest, now: Date): PatientFields {
  const findings = demographicFindings(input, dayOf(now));
  if (findings.length > 0) throw new BadRequestError(findings.map((finding) => finding.message).join(' '));
  const phone = orNull(input.phone);
  const digits = phone === null ? null : phoneDigits(phone);
  return {
    practiceID: Number(input.practiceID),
    accountNumber: orNull(input.accountNumber)?.toUpperCase() ?? null,
    firstName: input.firstName.trim(),
    middleName: orNull(input.middleName),
    lastName: input.lastName.trim(),
    dateOfBirth: input.dateOfBirth,
    sex: input.sex,
    address1: input.address1.trim(),
    address2: orNull(input.address2),
    city: input.city.trim(),
    state: input.state.trim().toUpperCase(),
    zip: normalZip(input.zip),
    phone: digits === null ? null : `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
    email: orNull(input.email),
    active: input.active ?? true,
  };
}

/** The group of a practice the data role holds; Not Found otherwise. */
async function groupOfPractice(q: Queryable, scope: DataScope, practiceID: number): Promise<number> {
  if (!scope.practiceIds.includes(practiceID)) throw new NotFoundError();
  const [practice] = await q.query<{ groupID: number; active: boolean }>(
    'SELECT group_id AS "groupID", active FROM practices WHERE practice_id = $1',
    [practiceID],
  );
  if (!practice) throw new NotFoundError();
  if (!practice.active) throw new BadRequestError('The practice is inactive: it takes no new patients.');
  return Number(practice.groupID);
}

export async function savePatient(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: PatientRequest,
  now: Date,
): Promise<SavedPatientReply> {
  const patient = checkedPatient(input, now);
  return db.transaction(async (tx) => {
    const groupID = await groupOfPractice(tx, scope, patient.practiceID);
    if (patient.accountNumber === null) patient.accountNumber = await nextAccountNumber(tx, groupID);
    else await refuseTakenAccountNumber(tx, groupID, patient.accountNumber, null);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO patients (group_id, practice_id, account_number, first_name, middle_name, last_name, date_of_birth, sex,
                             address1, address2, city, state, zip, phone, email, active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING patient_id AS id`,
      [groupID, ...valuesOf(patient)],
    );
    const patientID = Number(row?.id);
    await auditChange(tx, actor, 'patient.add', { type: 'patient', id: patientID }, null, { ...patient });
    return { message: PATIENT_MESSAGES.saved, patientID, accountNumber: patient.accountNumber };
  });
}

function valuesOf(patient: PatientFields): unknown[] {
  return [
    patient.practiceID,
    patient.accountNumber,
    patient.firstName,
    patient.middleName,
    patient.lastName,
    patient.dateOfBirth,
    patient.sex,
    patient.address1,
    patient.address2,
    patient.city,
    patient.state,
    patient.zip,
    patient.phone,
    patient.email,
    patient.active,
  ];
}

/** The patient, locked for the change, if a practice of the data role holds it. */
async function lockedPatient(
  q: Queryable,
  scope: DataScope,
  patientID: number,
): Promise<PatientFields & { groupID: number }> {
  const [row] = await q.query<PatientFields & { groupID: number }>(
    `SELECT ${COLUMNS}, group_id AS "groupID" FROM patients
      WHERE patient_id = $1 AND practice_id = ANY($2::bigint[]) FOR UPDATE`,
    [patientID, scope.practiceIds],
  );
  if (!row) throw new NotFoundError();
  return { ...row, practiceID: Number(row.practiceID), groupID: Number(row.groupID) };
}

export async function updatePatient(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: UpdatePatientRequest,
  now: Date,
): Promise<SavedPatientReply> {
  const patient = checkedPatient(input, now);
  const patientID = Number(input.patientID);
  return db.transaction(async (tx) => {
    const { groupID, ...before } = await lockedPatient(tx, scope, patientID);
    if (patient.practiceID !== before.practiceID) {
      const newGroup = await groupOfPractice(tx, scope, patient.practiceID);
      if (newGroup !== groupID)
        throw new BadRequestError(
          'A patient moves only between practices of the same group: its account is the group’s.',
        );
    }
    if (patient.accountNumber === null) patient.accountNumber = before.accountNumber;
    else await refuseTakenAccountNumber(tx, groupID, patient.accountNumber, patientID);
    await tx.query(
      `UPDATE patients SET practice_id = $2, account_number = $3, first_name = $4, middle_name = $5, last_name = $6,
              date_of_birth = $7, sex = $8, address1 = $9, address2 = $10, city = $11, state = $12, zip = $13,
              phone = $14, email = $15, active = $16
        WHERE patient_id = $1`,
      [patientID, ...valuesOf(patient)],
    );
    await auditChange(tx, actor, 'patient.update', { type: 'patient', id: patientID }, before, { ...patient });
    return { message: PATIENT_MESSAGES.saved, patientID, accountNumber: patient.accountNumber ?? '' };
  });
}

/**
 * Deletes a patient registered by mistake. A patient with billing history (claims, ledger rows,
 * advance payments) or filed documents and notes keeps the record: it can only be made inactive.
 */
export async function deletePatient(
  db: Db,
  actor: Actor,
  scope: DataScope,
  patientID: number,
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const { groupID: _group, ...before } = await lockedPatient(tx, scope, patientID);
    const [history] = await tx.query<{ billed: boolean; filed: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM claims WHERE patient_id = $1)
              OR EXISTS (SELECT 1 FROM ledger_entries WHERE patient_id = $1)
              OR EXISTS (SELECT 1 FROM advance_payments WHERE patient_id = $1) AS billed,
              EXISTS (SELECT 1 FROM documents WHERE patient_id = $1)
              OR EXISTS (SELECT 1 FROM notes WHERE patient_id = $1) AS filed`,
      [patientID],
    );
    if (history?.billed) throw new BadRequestError(PATIENT_MESSAGES.hasHistory);
    if (history?.filed)
      throw new BadRequestError(
        'This patient has documents or notes, so the record cannot be deleted. Make the patient inactive instead.',
      );
    await tx.query('DELETE FROM patient_insurances WHERE patient_id = $1', [patientID]);
    await tx.query('DELETE FROM patient_guarantors WHERE patient_id = $1', [patientID]);
    await tx.query('DELETE FROM medical_cases WHERE patient_id = $1', [patientID]);
    await tx.query('DELETE FROM patients WHERE patient_id = $1', [patientID]);
    await auditChange(tx, actor, 'patient.delete', { type: 'patient', id: patientID }, before, null);
    return { message: PATIENT_MESSAGES.deleted };
  });
}

const RELATIONSHIPS = [
  { code: '18', name: 'Self' },
  { code: '01', name: 'Spouse' },
  { code: '19', name: 'Child' },
  { code: '20', name: 'Employee' },
  { code: '39', name: 'Organ donor' },
  { code: '53', name: 'Life partner' },
  { code: 'G8', name: 'Other relationship' },
  { code: '21', name: 'Unknown' },
];

/** What the register form picks from: the data role's active practices and the code lists. */
export async function patientLookups(db: Db, _actor: Actor, scope: DataScope): Promise<PatientLookupsReply> {
  const practices = await db.query<{ practiceID: number; groupID: number; name: string }>(
    `SELECT practice_id AS "practiceID", group_id AS "groupID", name FROM practices
      WHERE practice_id = ANY($1::bigint[]) AND active ORDER BY name, practice_id`,
    [scope.practiceIds],
  );
  return {
    practices: practices.map((row) => ({ ...row, practiceID: Number(row.practiceID), groupID: Number(row.groupID) })),
    sexes: SEXES.map((sex) => ({ ...sex })),
    states: [...STATE_CODES],
    relationships: RELATIONSHIPS,
  };
}
