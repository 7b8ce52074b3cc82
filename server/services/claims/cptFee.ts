/**
 * AddEditClaim/getCPTFee: what a practice charges for a code on a date. A payer's own schedule
 * wins over the practice's standard one, and a fee for the code with its modifier over the plain
 * code's, so "26" (professional component) is priced apart when a schedule says so.
 */
import type { CptFeeReply } from '../../../contract/claimEdit.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

export interface FeeQuestion {
  practiceID: number;
  insuranceID: number | null;
  cptCode: string;
  modifier: string | null;
  /** The date of service the fee must be in effect on. */
  dos: string;
}

export async function cptFee(q: Queryable, question: FeeQuestion): Promise<CptFeeReply> {
  const [best] = await q.query<{ feeCents: number; feeScheduleID: number; payer: boolean }>(
    `SELECT i.amount_cents AS "feeCents", s.fee_schedule_id AS "feeScheduleID", s.insurance_id IS NOT NULL AS payer
       FROM fee_schedules s JOIN fee_schedule_items i USING (fee_schedule_id)
      WHERE s.practice_id = $1 AND s.active AND i.cpt_code = $3
        AND (s.insurance_id IS NULL OR s.insurance_id = $2)
        AND i.modifier IN ('', $4)
        AND s.effective_from <= $5::date AND (s.effective_to IS NULL OR s.effective_to >= $5::date)
      ORDER BY (s.insurance_id IS NOT NULL) DESC, (i.modifier <> '') DESC, s.effective_from DESC, s.fee_schedule_id DESC
      LIMIT 1`,
    [question.practiceID, question.insuranceID, question.cptCode, question.modifier ?? '', question.dos],
  );
  return best
    ? { feeCents: best.feeCents, feeScheduleID: best.feeScheduleID, source: best.payer ? 'payer' : 'standard' }
    : { feeCents: null, feeScheduleID: null, source: null };
}

/** Where a fee is asked: a claim's, a facility's with a coverage, or a coverage's; and the code. */
export interface FeeRequest {
  cptCode: string;
  modifierCode?: string | undefined;
  claimID?: number | undefined;
  facilityID?: number | undefined;
  patientInsuranceID?: number | undefined;
}

/**
 * The fee for a claim (its practice, payer and first DOS), for a facility's practice today, or for a
 * coverage's patient's practice and payer today (a new claim in the form before its facility),
 * each within the data role's practices.
 */
export async function cptFeeFor(
  q: Queryable,
  scope: DataScope,
  input: FeeRequest,
  today: string,
): Promise<CptFeeReply> {
  // A coverage prices only when the data role reaches its patient: another group's reads as missing.
  if (input.patientInsuranceID !== undefined) {
    const [coverage] = await q.query(
      `SELECT 1 FROM patient_insurances pi JOIN patients p ON p.patient_id = pi.patient_id
        WHERE pi.patient_insurance_id = $1 AND p.practice_id = ANY($2::bigint[])`,
      [input.patientInsuranceID, scope.practiceIds],
    );
    if (!coverage) throw new NotFoundError();
  }
  const [where] = await q.query<{ practiceID: number; insuranceID: number | null; dos: string }>(
    input.claimID !== undefined
      ? 'SELECT practice_id AS "practiceID", insurance_id AS "insuranceID", dos_from AS dos FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])'
      : input.facilityID !== undefined
        ? `SELECT f.practice_id AS "practiceID", (SELECT insurance_id FROM patient_insurances WHERE patient_insurance_id = $3) AS "insuranceID", $4::date AS dos
             FROM facilities f WHERE f.facility_id = $1 AND f.practice_id = ANY($2::bigint[])`
        : `SELECT p.practice_id AS "practiceID", pi.insurance_id AS "insuranceID", $3::date AS dos
             FROM patient_insurances pi JOIN patients p ON p.patient_id = pi.patient_id WHERE pi.patient_insurance_id = $1 AND p.practice_id = ANY($2::bigint[])`,
    input.claimID !== undefined
      ? [input.claimID, scope.practiceIds]
      : input.facilityID !== undefined
        ? [input.facilityID, scope.practiceIds, input.patientInsuranceID ?? null, today]
        : [input.patientInsuranceID, scope.practiceIds, today],
  );
  if (!where) throw new NotFoundError();
  if (input.modifierCode !== undefined && !/^[A-Z0-9]{0,2}$/.test(input.modifierCode))
    throw new BadRequestError('A modifier is two letters or digits, like 25 or LT.');
  return cptFee(q, {
    practiceID: where.practiceID,
    insuranceID: where.insuranceID,
    cptCode: input.cptCode,
    modifier: input.modifierCode || null,
    dos: where.dos,
  });
}
