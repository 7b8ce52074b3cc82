import type { Queryable } from '../../db/types.ts';

export interface LineCoding {
  ndcCode: string | null;
  ndcUnits: number | null;
  ndcUnitType: string | null;
  revenueCode: string | null;
}

/**
 * What the crosswalks put on a new line: the NDC only when the practice maps the code to exactly
 * one (with several, which drug was given is the biller's call), and for an institutional claim the
 * payer's revenue code before the practice-wide one.
 */
export async function crosswalkedLineCoding(
  q: Queryable,
  claim: { claimID: number; practiceID: number; insuranceID: number | null },
  cptCode: string,
): Promise<LineCoding> {
  const ndcs = await q.query<{ ndcCode: string; ndcUnits: number; ndcUnitType: string }>(
    'SELECT ndc_code AS "ndcCode", ndc_units::float8 AS "ndcUnits", ndc_unit_type AS "ndcUnitType" FROM cpt_ndc_crosswalks WHERE practice_id = $1 AND cpt_code = $2 LIMIT 2',
    [claim.practiceID, cptCode],
  );
  const ndc = ndcs.length === 1 ? ndcs[0] : undefined;
  const [revenue] = await q.query<{ revenueCode: string }>(
    `SELECT x.revenue_code AS "revenueCode" FROM cpt_revenue_crosswalks x JOIN claims c ON c.claim_id = $1 AND c.claim_type = 'institutional'
      WHERE x.practice_id = $2 AND x.cpt_code = $3 AND (x.insurance_id IS NULL OR x.insurance_id = $4)
      ORDER BY x.insurance_id NULLS LAST LIMIT 1`,
    [claim.claimID, claim.practiceID, cptCode, claim.insuranceID],
  );
  return {
    ndcCode: ndc?.ndcCode ?? null,
    ndcUnits: ndc?.ndcUnits ?? null,
    ndcUnitType: ndc?.ndcUnitType ?? null,
    revenueCode: revenue?.revenueCode ?? null,
  };
}
