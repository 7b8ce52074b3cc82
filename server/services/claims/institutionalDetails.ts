/**
 * The UB-04 part of a claim (claim_institutional, the diagnoses' present-on-admission column and
 * the lines' revenue codes and non-covered amounts): written by the claim form's save inside its
 * transaction, read back for the form, and read in bulk for the scrubber, the 837I and the UB-04
 * (loadBillingClaims.ts). See docs/decisions/institutional-claims.md.
 */
import type { ClaimFormLineInput } from '../../../contract/claimForm.ts';
import type { InstitutionalDetailsInput, InstitutionalInfo } from '../../../contract/institutionalClaim.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';

export type ClaimKind = 'professional' | 'institutional';

/**
 * The kind the saved claim is: as asked, else institutional when UB-04 fields came, else as it
 * was stored (a new claim: professional). A claim ever sent keeps its kind: the payer has it as
 * that kind of bill.
 */
export async function settleClaimKind(
  q: Queryable,
  claimID: number,
  asked: ClaimKind | undefined,
  details: InstitutionalDetailsInput | null,
): Promise<ClaimKind> {
  const [stored] = await q.query<{ kind: ClaimKind; sent: boolean }>(
    'SELECT claim_type AS kind, submitted_at IS NOT NULL AS sent FROM claims WHERE claim_id = $1',
    [claimID],
  );
  const kind: ClaimKind = asked ?? (details !== null ? 'institutional' : (stored?.kind ?? 'professional'));
  if (stored && stored.kind !== kind) {
    if (stored.sent)
      throw new BadRequestError(
        `Claim ${claimID} has been sent as a ${stored.kind} claim: it stays ${stored.kind}. Start a new claim instead.`,
      );
    await q.query('UPDATE claims SET claim_type = $2 WHERE claim_id = $1', [claimID, kind]);
  }
  if (kind === 'institutional' && details === null)
    throw new BadRequestError(
      'An institutional claim needs its UB-04 fields: the type of bill and the patient status at least.',
    );
  return kind;
}

/** The operating physicians belong to the claim's group, as every provider of a claim does. */
async function checkProviders(q: Queryable, groupID: number, details: InstitutionalDetailsInput): Promise<void> {
  for (const [role, providerID] of [
    ['operating', details.operatingProviderID],
    ['other operating', details.otherOperatingProviderID],
  ] as const) {
    if (providerID === null) continue;
    const [found] = await q.query('SELECT 1 FROM providers WHERE provider_id = $1 AND group_id = $2 AND active', [
      providerID,
      groupID,
    ]);
    if (!found)
      throw new BadRequestError(
        `The ${role} physician (provider ${providerID}) is not an active provider of the claim's group.`,
      );
  }
}

/**
 * The lines' revenue codes and non-covered amounts, in the order the form listed them
 * (`chargeIDs[i]` is the saved line of `lines[i]`). A revenue code must be one of the list; on an
 * institutional claim every billed line ends with one (typed, or the CPT-revenue crosswalk's).
 */
export async function saveLineRevenue(
  q: Queryable,
  claimID: number,
  kind: ClaimKind,
  lines: readonly ClaimFormLineInput[],
  chargeIDs: readonly number[],
): Promise<void> {
  const typed = [...new Set(lines.flatMap((line) => (line.revenueCode ? [line.revenueCode] : [])))];
  if (typed.length > 0) {
    const known = new Set(
      (await q.query<{ code: string }>('SELECT code FROM revenue_codes WHERE code = ANY($1::text[])', [typed])).map(
        (row) => row.code,
      ),
    );
    const unknown = typed.find((code) => !known.has(code));
    if (unknown !== undefined) throw new BadRequestError(`Revenue code ${unknown} is not in the revenue code list.`);
  }
  for (const [index, line] of lines.entries()) {
    const chargeID = chargeIDs[index];
    if (chargeID === undefined) continue;
    if (line.revenueCode !== undefined || line.nonCoveredCents !== undefined)
      await q.query(
        `UPDATE charges SET revenue_code = CASE WHEN $2 THEN $3 ELSE revenue_code END,
                            non_covered_cents = coalesce($4, non_covered_cents)
          WHERE charge_id = $1`,
        [chargeID, line.revenueCode !== undefined, line.revenueCode ?? null, line.nonCoveredCents ?? null],
      );
  }
  if (kind !== 'institutional') return;
  const problems = await q.query<{ lineNumber: number; cptCode: string; problem: string }>(
    `SELECT line_number::int AS "lineNumber", cpt_code AS "cptCode",
            CASE WHEN revenue_code IS NULL THEN 'revenue' ELSE 'non-covered' END AS problem
       FROM charges WHERE claim_id = $1 AND charge_status IN ('active', 'hold')
        AND (revenue_code IS NULL OR non_covered_cents > charge_cents)
      ORDER BY line_number LIMIT 1`,
    [claimID],
  );
  const [first] = problems;
  if (first === undefined) return;
  throw new BadRequestError(
    first.problem === 'revenue'
      ? `Line ${first.lineNumber} (${first.cptCode}) has no revenue code: an institutional line needs one. Type it, or add a CPT-revenue crosswalk for ${first.cptCode}.`
      : `Line ${first.lineNumber} (${first.cptCode}): the non-covered amount is more than the line's charge.`,
  );
}

/** The UB-04 row and the diagnoses' POA; a professional claim keeps none. */
export async function saveInstitutionalDetails(
  q: Queryable,
  claim: { claimID: number; groupID: number },
  kind: ClaimKind,
  details: InstitutionalDetailsInput | null,
): Promise<void> {
  if (kind !== 'institutional' || details === null) {
    await q.query('DELETE FROM claim_institutional WHERE claim_id = $1', [claim.claimID]);
    await q.query('UPDATE claim_diagnoses SET poa = NULL WHERE claim_id = $1 AND poa IS NOT NULL', [claim.claimID]);
    return;
  }
  await checkProviders(q, claim.groupID, details);
  await q.query(
    `INSERT INTO claim_institutional (claim_id, bill_type, admission_date, admission_hour, admission_type, admission_source, discharge_hour,
                                      patient_status, admitting_diagnosis, operating_provider_id, other_operating_provider_id,
                                      condition_codes, occurrence_codes, occurrence_spans, value_codes)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8, $9, $10, $11, $12::text[], $13::jsonb, $14::jsonb, $15::jsonb)
     ON CONFLICT (claim_id) DO UPDATE SET bill_type = EXCLUDED.bill_type, admission_date = EXCLUDED.admission_date,
       admission_hour = EXCLUDED.admission_hour, admission_type = EXCLUDED.admission_type, admission_source = EXCLUDED.admission_source,
       discharge_hour = EXCLUDED.discharge_hour, patient_status = EXCLUDED.patient_status, admitting_diagnosis = EXCLUDED.admitting_diagnosis,
       operating_provider_id = EXCLUDED.operating_provider_id, other_operating_provider_id = EXCLUDED.other_operating_provider_id,
       condition_codes = EXCLUDED.condition_codes, occurrence_codes = EXCLUDED.occurrence_codes,
       occurrence_spans = EXCLUDED.occurrence_spans, value_codes = EXCLUDED.value_codes`,
    [
      claim.claimID,
      details.billType,
      details.admissionDate,
      details.admissionHour,
      details.admissionType,
      details.admissionSource,
      details.dischargeHour,
      details.patientStatus,
      details.admittingDiagnosis,
      details.operatingProviderID,
      details.otherOperatingProviderID,
      details.conditionCodes,
      JSON.stringify(details.occurrenceCodes),
      JSON.stringify(details.occurrenceSpans),
      JSON.stringify(details.valueCodes),
    ],
  );
  await q.query(
    `UPDATE claim_diagnoses d SET poa = p.poa FROM unnest($2::text[]) WITH ORDINALITY AS p (poa, sequence)
      WHERE d.claim_id = $1 AND d.sequence = p.sequence`,
    [claim.claimID, details.poa],
  );
}

/** The UB-04 fields of a claim as the form reads them; null when the claim is professional. */
export async function readInstitutionalInfo(q: Queryable, claimID: number): Promise<InstitutionalInfo | null> {
  const person = (alias: string) =>
    `CASE WHEN ${alias}.provider_id IS NULL THEN NULL ELSE concat_ws(', ', ${alias}.last_name, ${alias}.first_name) END`;
  const [row] = await q.query<Omit<InstitutionalInfo, 'poa'>>(
    `SELECT i.bill_type AS "billType", to_char(i.admission_date, 'YYYY-MM-DD') AS "admissionDate", i.admission_hour AS "admissionHour",
            i.admission_type AS "admissionType", i.admission_source AS "admissionSource", i.discharge_hour AS "dischargeHour",
            i.patient_status AS "patientStatus", i.admitting_diagnosis AS "admittingDiagnosis",
            i.operating_provider_id AS "operatingProviderID", ${person('op')} AS "operatingProviderName",
            i.other_operating_provider_id AS "otherOperatingProviderID", ${person('oo')} AS "otherOperatingProviderName",
            i.condition_codes AS "conditionCodes", i.occurrence_codes AS "occurrenceCodes", i.occurrence_spans AS "occurrenceSpans",
            i.value_codes AS "valueCodes"
       FROM claim_institutional i
       JOIN claims c ON c.claim_id = i.claim_id AND c.claim_type = 'institutional'
       LEFT JOIN providers op ON op.provider_id = i.operating_provider_id
       LEFT JOIN providers oo ON oo.provider_id = i.other_operating_provider_id
      WHERE i.claim_id = $1`,
    [claimID],
  );
  if (!row) return null;
  const poa = await q.query<{ poa: string | null }>(
    'SELECT poa FROM claim_diagnoses WHERE claim_id = $1 ORDER BY sequence',
    [claimID],
  );
  return { ...row, poa: poa.map((diagnosis) => diagnosis.poa) };
}
