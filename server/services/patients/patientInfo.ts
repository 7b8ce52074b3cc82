import type { PatientInfoReply, PatientInsurance } from '../../../contract/patients.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { paidAndAdjusted, patientFigures } from '../ledger/ledgerFigures.ts';

type Demographics = Omit<PatientInfoReply, 'insurances' | 'totals'>;

/** Throws NotFoundError unless the patient exists in a practice of the user's data role. */
export async function patientInScope(q: Queryable, patientID: number, scope: DataScope): Promise<void> {
  const [found] = await q.query('SELECT 1 FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])', [
    patientID,
    scope.practiceIds,
  ]);
  if (!found) throw new NotFoundError();
}

/**
 * Patient/getPatientInfoByID: demographics, insurances by priority, and what the patient's ledger
 * adds up to (rows of practices in the data role only). A patient outside the role is Not Found.
 */
export async function getPatientInfo(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  patientID: number,
): Promise<PatientInfoReply> {
  const [patient] = await q.query<Demographics>(
    `SELECT p.patient_id AS "patientID", p.account_number AS "accountNumber", p.first_name AS "firstName",
            p.middle_name AS "middleName", p.last_name AS "lastName", p.date_of_birth AS "dateOfBirth", p.sex AS "sex",
            p.address1 AS "address1", p.address2 AS "address2", p.city AS "city", p.state AS "state", p.zip AS "zip",
            p.phone AS "phone", p.email AS "email", pr.name AS "practiceName",
            p.practice_id AS "practiceID", p.active AS "active"
       FROM patients p JOIN practices pr ON pr.practice_id = p.practice_id
      WHERE p.patient_id = $1 AND p.practice_id = ANY($2::bigint[])`,
    [patientID, scope.practiceIds],
  );
  if (!patient) throw new NotFoundError();
  const [insurances, [counted], figures] = await Promise.all([
    q.query<PatientInsurance>(
      `SELECT pi.priority::int AS "priority", ins.name AS "payerName", pi.subscriber_id AS "subscriberID", pi.group_number AS "groupNumber",
              pi.effective_from AS "effectiveFrom", pi.effective_to AS "effectiveTo", pi.active AS "active"
         FROM patient_insurances pi JOIN insurances ins ON ins.insurance_id = pi.insurance_id
        WHERE pi.patient_id = $1
        ORDER BY pi.active DESC, pi.priority, pi.effective_from DESC`,
      [patientID],
    ),
    q.query<{ claims: number }>(
      'SELECT count(*)::bigint AS "claims" FROM claims c WHERE c.patient_id = $1 AND c.practice_id = ANY($2::bigint[])',
      [patientID, scope.practiceIds],
    ),
    patientFigures(q, patientID, scope.practiceIds),
  ]);
  const totals = {
    claims: counted?.claims ?? 0,
    charges: figures.charges,
    ...paidAndAdjusted(figures),
    balance: figures.balance,
  };
  await writeAudit(q, {
    userId: actor.userId,
    action: 'patients.info',
    recordType: 'patient',
    recordId: patientID,
    source: actor.source,
    ip: actor.ip,
  });
  return { ...patient, insurances, totals };
}
