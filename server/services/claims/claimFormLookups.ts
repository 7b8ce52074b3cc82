/**
 * What the claim form searches as the biller types: a patient's coverages, the facilities of the
 * data role, ICD-10-CM codes of the DOS's fiscal year, and procedure codes (the ones the practice's
 * fee schedules price, with the fee, then HCPCS Level II from the code list). Each is limited to
 * the data role and to a short list, so a keystroke costs one small query.
 */
import type { CodeHit, FacilitiesReply, PatientCoveragesReply } from '../../../contract/claimForm.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import { fiscalYearOf } from '../../reference/fiscalYear.ts';
import type { DataScope } from '../access/dataScope.ts';

const HITS = 20;

/** Repository/getPatientInsurance: the patient's active coverages, primary first. */
export async function patientCoverages(
  q: Queryable,
  scope: DataScope,
  patientID: number,
): Promise<PatientCoveragesReply> {
  const [patient] = await q.query<{ groupID: number; practiceID: number }>(
    'SELECT group_id AS "groupID", practice_id AS "practiceID" FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])',
    [patientID, scope.practiceIds],
  );
  if (!patient) throw new NotFoundError();
  const coverages = await q.query<PatientCoveragesReply['coverages'][number]>(
    `SELECT pi.patient_insurance_id AS "patientInsuranceID", pi.insurance_id AS "insuranceID", ins.name AS "payerName", pi.priority::int AS "priority",
            pi.subscriber_id AS "subscriberID", pi.effective_from AS "effectiveFrom", pi.effective_to AS "effectiveTo"
       FROM patient_insurances pi JOIN insurances ins ON ins.insurance_id = pi.insurance_id
      WHERE pi.patient_id = $1 AND pi.active
      ORDER BY pi.priority, pi.effective_from DESC, pi.patient_insurance_id`,
    [patientID],
  );
  return { patientID, ...patient, coverages };
}

/** Repository/getFacilities: the active facilities of the data role's practices, of one group or practice when asked. */
export async function facilitiesInScope(
  q: Queryable,
  scope: DataScope,
  filter: { groupID?: number | undefined; practiceID?: number | undefined },
): Promise<FacilitiesReply> {
  const facilities = await q.query<FacilitiesReply['facilities'][number]>(
    `SELECT facility_id AS "facilityID", name, practice_id AS "practiceID", group_id AS "groupID", pos_code AS "posCode"
       FROM facilities
      WHERE practice_id = ANY($1::bigint[]) AND active AND ($2::bigint IS NULL OR group_id = $2) AND ($3::bigint IS NULL OR practice_id = $3)
      ORDER BY name, facility_id`,
    [scope.practiceIds, filter.groupID ?? null, filter.practiceID ?? null],
  );
  return { facilities };
}

/** Repository/getICDCodes: codes starting with what was typed (with or without the dot), else descriptions containing it; billable first. */
export async function searchIcdCodes(q: Queryable, searchValue: string, dos: string): Promise<CodeHit[]> {
  const typed = searchValue.trim();
  const code = typed.toUpperCase().replace('.', '');
  return q.query<CodeHit>(
    `SELECT code, short_description AS description, billable, NULL::bigint AS "feeCents"
       FROM icd_codes
      WHERE fiscal_year = $1 AND (code LIKE $2 || '%' OR lower(short_description) LIKE '%' || $3 || '%')
      ORDER BY (code LIKE $2 || '%') DESC, billable DESC, code
      LIMIT ${HITS}`,
    [fiscalYearOf(dos), code.replace(/[%_]/g, ''), typed.toLowerCase().replace(/[%_\\]/g, '')],
  );
}

/**
 * Repository/getCPTCodes: the codes the data role's fee schedules price (the practice's when
 * named), with the lowest current fee as a hint, then HCPCS Level II codes of the code list. CPT
 * descriptions are licensed, so a CPT code carries the name of the schedule that prices it.
 */
export async function searchProcedureCodes(
  q: Queryable,
  scope: DataScope,
  searchValue: string,
  practiceID: number | undefined,
  today: string,
): Promise<CodeHit[]> {
  const typed = searchValue.trim();
  const prefix = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const words = typed.toLowerCase().replace(/[%_\\]/g, '');
  const priced = await q.query<CodeHit>(
    `SELECT i.cpt_code AS code, coalesce(h.short_description, 'Priced by ' || min(s.name)) AS description, true AS billable, min(i.amount_cents)::bigint AS "feeCents"
       FROM fee_schedules s JOIN fee_schedule_items i USING (fee_schedule_id)
       LEFT JOIN hcpcs_codes h ON h.code = i.cpt_code
      WHERE s.practice_id = ANY($1::bigint[]) AND ($2::bigint IS NULL OR s.practice_id = $2) AND s.active AND i.modifier = ''
        AND s.effective_from <= $5::date AND (s.effective_to IS NULL OR s.effective_to >= $5::date)
        AND (i.cpt_code LIKE $3 || '%' OR lower(h.short_description) LIKE '%' || $4 || '%')
      GROUP BY i.cpt_code, h.short_description
      ORDER BY i.cpt_code
      LIMIT ${HITS}`,
    [scope.practiceIds, practiceID ?? null, prefix, words, today],
  );
  if (priced.length >= HITS) return priced;
  const listed = await q.query<CodeHit>(
    `SELECT code, short_description AS description, termination_date IS NULL OR termination_date >= $3::date AS billable, NULL::bigint AS "feeCents"
       FROM hcpcs_codes
      WHERE code LIKE $1 || '%' OR lower(short_description) LIKE '%' || $2 || '%'
      ORDER BY (code LIKE $1 || '%') DESC, code
      LIMIT ${HITS}`,
    [prefix, words, today],
  );
  const seen = new Set(priced.map((hit) => hit.code));
  return [...priced, ...listed.filter((hit) => !seen.has(hit.code))].slice(0, HITS);
}
