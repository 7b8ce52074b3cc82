/**
 * A patient's guarantors: who answers for the patient's balance (the patient's statements go to
 * them). Every change is checked, locked on the patient and audited with before and after.
 */
import { addressProblems, normalZip } from '../../../contract/addressRules.ts';
import {
  COVERAGE_MESSAGES,
  type Guarantor,
  type GuarantorFields,
  type GuarantorSavedReply,
  type GuarantorsReply,
  type SaveGuarantorInput,
  type UpdateGuarantorInput,
} from '../../../contract/patientCoverage.ts';
import type { MessageReply } from '../../../contract/auth.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { auditChange } from '../audit/auditChange.ts';
import type { Actor } from '../context.ts';
import { refuseIfAny } from '../organisation/changeAudit.ts';
import { patientInScope } from './patientInScope.ts';

const GUARANTOR_COLUMNS = `g.patient_guarantor_id AS "patientGuarantorID", g.patient_id AS "patientID", g.relation AS relationship,
  g.first_name AS "firstName", g.middle_name AS "middleName", g.last_name AS "lastName", g.date_of_birth::text AS "dateOfBirth",
  g.address1, g.address2, g.city, g.state, g.zip, g.phone`;
const PHONE = /^\d{10}$/;

/** Patient/getPatientGuarantor: the patient's guarantors, oldest first. */
export async function patientGuarantors(q: Queryable, scope: DataScope, patientID: number): Promise<GuarantorsReply> {
  await patientInScope(q, scope, patientID);
  const guarantors = await q.query<Guarantor>(
    `SELECT ${GUARANTOR_COLUMNS} FROM patient_guarantors g WHERE g.patient_id = $1 ORDER BY g.patient_guarantor_id`,
    [patientID],
  );
  return { patientID, guarantors };
}

async function guarantorInScope(q: Queryable, scope: DataScope, patientGuarantorID: number): Promise<Guarantor> {
  const [guarantor] = await q.query<Guarantor>(
    `SELECT ${GUARANTOR_COLUMNS} FROM patient_guarantors g JOIN patients p ON p.patient_id = g.patient_id
      WHERE g.patient_guarantor_id = $1 AND p.practice_id = ANY($2::bigint[])`,
    [patientGuarantorID, scope.practiceIds],
  );
  if (!guarantor) throw new NotFoundError();
  return guarantor;
}

/** The values as stored ($2..$12 after the id), once every rule holds. */
function checkedValues(fields: GuarantorFields, today: string): unknown[] {
  const address = {
    address1: fields.address1 ?? '',
    city: fields.city ?? '',
    state: (fields.state ?? '').toUpperCase(),
    zip: fields.zip ?? '',
  };
  const hasAddress = [fields.address1, fields.city, fields.state, fields.zip].some((part) => part);
  const phone = fields.phone ? fields.phone.replace(/[\s().-]/g, '') : null;
  refuseIfAny([
    hasAddress ? addressProblems(address, 'mailing', 'Guarantor address') : null,
    phone !== null && !PHONE.test(phone) ? 'A phone number has 10 digits.' : null,
    fields.dateOfBirth !== null && fields.dateOfBirth > today
      ? 'The guarantor’s date of birth is in the future.'
      : null,
  ]);
  return [
    fields.relationship,
    fields.firstName.toUpperCase(),
    fields.middleName ? fields.middleName.toUpperCase() : null,
    fields.lastName.toUpperCase(),
    fields.dateOfBirth,
    hasAddress ? address.address1 : null,
    hasAddress ? (fields.address2 ?? null) : null,
    hasAddress ? address.city : null,
    hasAddress ? address.state : null,
    hasAddress ? normalZip(address.zip) : null,
    phone,
  ];
}

/** Patient/savePatientGuarantor. */
export async function addGuarantor(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: SaveGuarantorInput,
  now: Date,
): Promise<GuarantorSavedReply> {
  return db.transaction(async (tx) => {
    await patientInScope(tx, scope, input.patientID, true);
    const values = checkedValues(input, now.toISOString().slice(0, 10));
    const [saved] = await tx.query<{ id: number }>(
      `INSERT INTO patient_guarantors (patient_id, relation, first_name, middle_name, last_name, date_of_birth, address1, address2, city, state, zip, phone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING patient_guarantor_id AS id`,
      [input.patientID, ...values],
    );
    if (!saved) throw new Error('The guarantor was not stored.');
    const after = await guarantorInScope(tx, scope, saved.id);
    await auditChange(tx, actor, 'patientGuarantor.create', { type: 'patient_guarantor', id: saved.id }, null, after);
    return { message: COVERAGE_MESSAGES.guarantorSaved, patientGuarantorID: saved.id };
  });
}

/** Patient/updatePatientGuarantorData. */
export async function updateGuarantor(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: UpdateGuarantorInput,
  now: Date,
): Promise<GuarantorSavedReply> {
  return db.transaction(async (tx) => {
    await patientInScope(tx, scope, (await guarantorInScope(tx, scope, input.patientGuarantorID)).patientID, true);
    const before = await guarantorInScope(tx, scope, input.patientGuarantorID);
    const values = checkedValues(input, now.toISOString().slice(0, 10));
    await tx.query(
      `UPDATE patient_guarantors SET relation = $2, first_name = $3, middle_name = $4, last_name = $5, date_of_birth = $6,
         address1 = $7, address2 = $8, city = $9, state = $10, zip = $11, phone = $12
       WHERE patient_guarantor_id = $1`,
      [input.patientGuarantorID, ...values],
    );
    const after = await guarantorInScope(tx, scope, input.patientGuarantorID);
    const record = { type: 'patient_guarantor', id: input.patientGuarantorID };
    await auditChange(tx, actor, 'patientGuarantor.update', record, before, after);
    return { message: COVERAGE_MESSAGES.guarantorSaved, patientGuarantorID: input.patientGuarantorID };
  });
}

/** Patient/deletePatientGuarantorByID. */
export async function deleteGuarantor(
  db: Db,
  actor: Actor,
  scope: DataScope,
  patientGuarantorID: number,
): Promise<MessageReply> {
  return db.transaction(async (tx) => {
    await patientInScope(tx, scope, (await guarantorInScope(tx, scope, patientGuarantorID)).patientID, true);
    const before = await guarantorInScope(tx, scope, patientGuarantorID);
    await tx.query('DELETE FROM patient_guarantors WHERE patient_guarantor_id = $1', [patientGuarantorID]);
    const record = { type: 'patient_guarantor', id: patientGuarantorID };
    await auditChange(tx, actor, 'patientGuarantor.delete', record, before, null);
    return { message: COVERAGE_MESSAGES.guarantorDeleted };
  });
}
