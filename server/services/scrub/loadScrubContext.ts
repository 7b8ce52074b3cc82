import type { Queryable } from '../../db/types.ts';
import { fiscalYearOf } from '../../reference/fiscalYear.ts';
import type { BillingClaim } from '../claims/billingClaim.ts';
import { latestCoverageAnswers } from '../eligibility/latestAnswers.ts';
import { findDuplicateLines } from './duplicateLines.ts';
import { icdKey, scrubContextOf } from './scrubContext.ts';
import type { ScrubContext } from './types.ts';

/** Codes of the batch, each once, for the reference look-ups. */
function codesOf(claims: readonly BillingClaim[]) {
  const icd = new Set<string>();
  const fiscalYears = new Set<number>();
  const procedures = new Set<string>();
  const places = new Set<string>();
  for (const claim of claims) {
    for (const diagnosis of claim.diagnoses) icd.add(diagnosis.icdCode);
    fiscalYears.add(fiscalYearOf(claim.dosFrom)).add(fiscalYearOf(claim.dosTo));
    if (claim.posCode !== null) places.add(claim.posCode);
    for (const charge of claim.charges) {
      procedures.add(charge.cptCode);
      if (charge.posCode !== null) places.add(charge.posCode);
    }
  }
  return { icd: [...icd], fiscalYears: [...fiscalYears], procedures: [...procedures], places: [...places] };
}

/**
 * Everything the rules look up for `claims`, read in one go: ICD-10-CM and HCPCS entries of the
 * codes they use, their places of service, the lines that repeat another line, and the payer's
 * latest eligibility answers for the claims' coverages on their first days of service.
 */
export async function loadScrubContext(
  q: Queryable,
  claims: readonly BillingClaim[],
  today: string,
): Promise<ScrubContext> {
  const codes = codesOf(claims);
  const icdRows = await q.query<{ code: string; fiscalYear: number; billable: boolean }>(
    'SELECT code, fiscal_year AS "fiscalYear", billable FROM icd_codes WHERE code = ANY($1::text[]) AND fiscal_year = ANY($2::smallint[])',
    [codes.icd, codes.fiscalYears],
  );
  // One EXISTS probe per fiscal year of the batch (one or two), answered from an index of icd_codes.
  const icdYears = await q.query<{ fiscalYear: number }>(
    'SELECT y AS "fiscalYear" FROM unnest($1::smallint[]) AS y WHERE EXISTS (SELECT 1 FROM icd_codes WHERE fiscal_year = y)',
    [codes.fiscalYears],
  );
  const hcpcsRows = await q.query<{ code: string; terminationDate: string | null }>(
    'SELECT code, termination_date AS "terminationDate" FROM hcpcs_codes WHERE code = ANY($1::text[])',
    [codes.procedures],
  );
  const [hcpcs] = await q.query<{ loaded: boolean }>('SELECT EXISTS (SELECT 1 FROM hcpcs_codes) AS loaded');
  const placeRows = await q.query<{ code: string }>('SELECT code FROM place_of_service WHERE code = ANY($1::text[])', [
    codes.places,
  ]);
  const duplicates = await findDuplicateLines(
    q,
    claims.map((claim) => claim.claimID),
  );
  const eligibility = await latestCoverageAnswers(
    q,
    claims.flatMap((claim) =>
      claim.coverage ? [{ patientInsuranceID: claim.coverage.patientInsuranceID, dateOfService: claim.dosFrom }] : [],
    ),
  );
  return scrubContextOf({
    today,
    icdCodes: new Map(icdRows.map((row) => [icdKey(row.code, row.fiscalYear), row.billable])),
    icdYearsLoaded: new Set(icdYears.map((row) => row.fiscalYear)),
    hcpcsCodes: new Map(hcpcsRows.map((row) => [row.code, row.terminationDate])),
    hcpcsLoaded: hcpcs?.loaded === true,
    placesOfService: new Set(placeRows.map((row) => row.code)),
    duplicates,
    eligibility,
  });
}
