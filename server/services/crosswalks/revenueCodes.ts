/**
 * The NUBC revenue codes (reference data) and the revenue code a practice's CPT-revenue crosswalk
 * gives a code: the payer's own entry before the practice-wide one. `revenueCodeForCpt` is what a
 * claim form or an institutional claim calls for one line; the calls below serve the screens.
 */
import {
  MAX_REVENUE_CODES,
  type CrosswalkedRevenueCode,
  type RevenueCodesForCptInput,
  type RevenueCodesForCptReply,
  type RevenueCodesInput,
  type RevenueCodesReply,
} from '../../../contract/revenueCodes.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * MedicalCase/getRevenueCodes: every code; for digits, the codes starting with them (a missing
 * leading 0 added: 25 finds 0250-0259); for words, the codes whose description holds them.
 */
export async function revenueCodes(q: Queryable, input: RevenueCodesInput): Promise<RevenueCodesReply> {
  const search = input.searchValue ?? '';
  if (/^\d+$/.test(search)) {
    return q.query<RevenueCodesReply[number]>(
      `SELECT code, description FROM revenue_codes WHERE code LIKE $1 || '%' OR code LIKE $2 || '%' ORDER BY code LIMIT $3`,
      [search, search.length < 4 ? `0${search}` : search, MAX_REVENUE_CODES],
    );
  }
  return q.query<RevenueCodesReply[number]>(
    `SELECT code, description FROM revenue_codes WHERE $1 = '' OR description ILIKE '%' || $1 || '%' ORDER BY code LIMIT $2`,
    [escapeLike(search), MAX_REVENUE_CODES],
  );
}

/** The crosswalk entries of a code for a payer (null: self-pay), the payer's own first. */
async function crosswalkedCodes(
  q: Queryable,
  practiceID: number,
  insuranceID: number | null,
  cptCode: string,
): Promise<CrosswalkedRevenueCode[]> {
  return q.query<CrosswalkedRevenueCode>(
    `SELECT x.cpt_revenue_crosswalk_id AS "cptRevenueCrosswalkID", x.revenue_code AS "revenueCode", r.description,
            CASE WHEN x.insurance_id IS NULL THEN 'practice' ELSE 'payer' END AS source,
            x.insurance_id AS "insuranceID", i.name AS "insuranceName"
       FROM cpt_revenue_crosswalks x JOIN revenue_codes r ON r.code = x.revenue_code
       LEFT JOIN insurances i ON i.insurance_id = x.insurance_id
      WHERE x.practice_id = $1 AND x.cpt_code = $2 AND (x.insurance_id IS NULL OR x.insurance_id = $3)
      ORDER BY x.insurance_id NULLS LAST, x.cpt_revenue_crosswalk_id`,
    [practiceID, cptCode, insuranceID],
  );
}

/** The revenue code a line of `cptCode` takes, and where it came from; null when the crosswalk has none. */
export interface RevenueCodeForCpt {
  revenueCode: string;
  description: string;
  source: CrosswalkedRevenueCode['source'];
}

/**
 * The revenue code the practice's crosswalk gives `cptCode` for the payer `insuranceID` (null for
 * self-pay): the payer's entry, else the practice-wide one, else null. The caller has checked the
 * practice is the user's; a claim form or an institutional claim calls this for each line.
 */
export async function revenueCodeForCpt(
  q: Queryable,
  line: { practiceID: number; insuranceID: number | null; cptCode: string },
): Promise<RevenueCodeForCpt | null> {
  const [first] = await crosswalkedCodes(q, line.practiceID, line.insuranceID, line.cptCode.trim().toUpperCase());
  return first ? { revenueCode: first.revenueCode, description: first.description, source: first.source } : null;
}

/**
 * MedicalCase/getRevenueCodesForCPT: the crosswalk's revenue codes of a code for the patient's
 * coverage, within the data role. A practice outside it, or a coverage of a patient outside it, is
 * not found; a coverage of another practice's patient is refused.
 */
export async function revenueCodesForCpt(
  q: Queryable,
  scope: DataScope,
  input: RevenueCodesForCptInput,
): Promise<RevenueCodesForCptReply> {
  if (!scope.practiceIds.includes(input.practiceID)) throw new NotFoundError();
  let insuranceID: number | null = null;
  if (input.patientInsuranceID !== undefined) {
    const [coverage] = await q.query<{ insuranceID: number; practiceID: number }>(
      `SELECT pi.insurance_id AS "insuranceID", p.practice_id AS "practiceID"
         FROM patient_insurances pi JOIN patients p USING (patient_id)
        WHERE pi.patient_insurance_id = $1 AND p.practice_id = ANY($2::bigint[])`,
      [input.patientInsuranceID, scope.practiceIds],
    );
    if (!coverage) throw new NotFoundError();
    if (coverage.practiceID !== input.practiceID)
      throw new BadRequestError(
        `Patient insurance ${input.patientInsuranceID} is the coverage of a patient of another practice.`,
      );
    insuranceID = coverage.insuranceID;
  }
  const codes = await crosswalkedCodes(q, input.practiceID, insuranceID, input.cptCode);
  const first = codes[0];
  return {
    cptCode: input.cptCode,
    insuranceID,
    revenueCode: first?.revenueCode ?? null,
    description: first?.description ?? null,
    codes,
  };
}
