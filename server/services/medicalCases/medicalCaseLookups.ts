/**
 * The medical-case reads around a claim, within the data role: the case types to pick from, the
 * claims a case can take, and the open case a claim being written belongs in. A patient, case,
 * facility or coverage outside the data role is "not found", as for the other case calls.
 */
import {
  STANDARD_CASE_TYPES,
  type CaseType,
  type LinkableClaim,
  type LinkableClaimsInput,
  type LinkableClaimsReply,
  type MedicalCaseLookupsReply,
  type OpenMedicalCase,
  type OpenMedicalCaseInput,
  type OpenMedicalCaseReply,
} from '../../../contract/medicalCaseLookups.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

async function patientInScope(q: Queryable, scope: DataScope, patientID: number): Promise<number> {
  const [patient] = await q.query<{ practiceID: number }>(
    'SELECT practice_id AS "practiceID" FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])',
    [patientID, scope.practiceIds],
  );
  if (!patient) throw new NotFoundError();
  return patient.practiceID;
}

/** MedicalCase/getMedicalCaseLookups: the standard case types, then the group's own, with how many cases each has. */
export async function medicalCaseLookups(
  q: Queryable,
  scope: DataScope,
  patientID: number | undefined,
): Promise<MedicalCaseLookupsReply> {
  if (patientID !== undefined) await patientInScope(q, scope, patientID);
  const used = await q.query<{ name: string; caseCount: number }>(
    `SELECT m.case_type AS name, count(*)::int AS "caseCount"
       FROM medical_cases m JOIN patients p USING (patient_id)
      WHERE m.active AND p.practice_id = ANY($1::bigint[]) AND ($2::bigint IS NULL OR m.patient_id = $2)
      GROUP BY m.case_type ORDER BY m.case_type`,
    [scope.practiceIds, patientID ?? null],
  );
  const counts = new Map(used.map((row) => [row.name, row.caseCount]));
  const standard: CaseType[] = STANDARD_CASE_TYPES.map((name) => ({
    name,
    standard: true,
    caseCount: counts.get(name) ?? 0,
  }));
  const own = used
    .filter((row) => !(STANDARD_CASE_TYPES as readonly string[]).includes(row.name))
    .map((row) => ({ name: row.name, standard: false, caseCount: row.caseCount }));
  return { caseTypes: [...standard, ...own] };
}

/** MedicalCase/getLinkableClaimsForMedicalCase: the patient's claims not in this case, newest service first. */
export async function linkableClaimsForMedicalCase(
  q: Queryable,
  scope: DataScope,
  input: LinkableClaimsInput,
): Promise<LinkableClaimsReply> {
  const [medicalCase] = await q.query<{ patientID: number }>(
    `SELECT m.patient_id AS "patientID" FROM medical_cases m JOIN patients p USING (patient_id)
      WHERE m.medical_case_id = $1 AND m.active AND p.practice_id = ANY($2::bigint[])`,
    [input.medicalCaseID, scope.practiceIds],
  );
  if (!medicalCase) throw new NotFoundError();
  const rows = await q.query<LinkableClaim & { totalCount: number }>(
    `SELECT c.claim_id AS "claimID", c.dos_from::text AS "dosFrom", cs.name AS "claimStatus",
            c.total_charge_cents::float8 AS "totalCents", c.balance_cents::float8 AS "balanceCents",
            c.medical_case_id AS "medicalCaseID", m.name AS "medicalCaseName", count(*) OVER ()::int AS "totalCount"
       FROM claims c JOIN claim_statuses cs USING (claim_status_id) LEFT JOIN medical_cases m ON m.medical_case_id = c.medical_case_id
      WHERE c.patient_id = $1 AND c.practice_id = ANY($2::bigint[]) AND c.medical_case_id IS DISTINCT FROM $3
      ORDER BY c.dos_from DESC, c.claim_id DESC
      LIMIT $4 OFFSET $5`,
    [
      medicalCase.patientID,
      scope.practiceIds,
      input.medicalCaseID,
      input.pageSize,
      (input.pageNumber - 1) * input.pageSize,
    ],
  );
  return {
    medicalCaseID: input.medicalCaseID,
    patientID: medicalCase.patientID,
    claims: rows.map(({ totalCount: _total, ...claim }) => claim),
    totalCount: rows[0]?.totalCount ?? 0,
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
}

/**
 * MedicalCase/getOpenMedicalCaseForClaim: the patient's case open on the claim's first day (today
 * when not given) that the claim belongs in. The case the claim names is kept while it is open;
 * otherwise a case whose claims were at the same facility and billed the same coverage comes
 * first, then the latest started. A facility or coverage that is not the patient's is refused.
 */
export async function openMedicalCaseForClaim(
  q: Queryable,
  scope: DataScope,
  input: OpenMedicalCaseInput,
  today: string,
): Promise<OpenMedicalCaseReply> {
  const practiceID = await patientInScope(q, scope, input.patientID);
  if (input.facilityID !== undefined) {
    const [facility] = await q.query('SELECT 1 FROM facilities WHERE facility_id = $1 AND practice_id = $2', [
      input.facilityID,
      practiceID,
    ]);
    if (!facility)
      throw new BadRequestError(`Facility ${input.facilityID} is not a facility of the patient's practice.`);
  }
  if (input.patientInsuranceID !== undefined) {
    const [coverage] = await q.query(
      'SELECT 1 FROM patient_insurances WHERE patient_insurance_id = $1 AND patient_id = $2',
      [input.patientInsuranceID, input.patientID],
    );
    if (!coverage)
      throw new BadRequestError(`Patient insurance ${input.patientInsuranceID} is not a coverage of this patient.`);
  }
  const open = await q.query<OpenMedicalCase>(
    `SELECT m.medical_case_id AS "medicalCaseID", m.patient_id AS "patientID", m.name, m.case_type AS "caseType",
            m.start_date::text AS "startDate", m.end_date::text AS "endDate",
            (SELECT count(*)::int FROM claims c WHERE c.medical_case_id = m.medical_case_id) AS "claimCount",
            EXISTS (SELECT 1 FROM claims c WHERE c.medical_case_id = m.medical_case_id AND c.facility_id = $3) AS "sameFacility",
            EXISTS (SELECT 1 FROM claims c WHERE c.medical_case_id = m.medical_case_id AND c.patient_insurance_id = $4) AS "sameCoverage"
       FROM medical_cases m
      WHERE m.patient_id = $1 AND m.active AND m.start_date <= $2::date AND (m.end_date IS NULL OR m.end_date >= $2::date)`,
    [input.patientID, input.dosFrom ?? today, input.facilityID ?? null, input.patientInsuranceID ?? null],
  );
  const score = (medicalCase: OpenMedicalCase) =>
    (medicalCase.medicalCaseID === input.medicalCaseID ? 4 : 0) +
    (medicalCase.sameFacility ? 1 : 0) +
    (medicalCase.sameCoverage ? 1 : 0);
  const ranked = [...open].sort(
    (a, b) => score(b) - score(a) || b.startDate.localeCompare(a.startDate) || b.medicalCaseID - a.medicalCaseID,
  );
  return { medicalCase: ranked[0] ?? null, openCount: open.length };
}
