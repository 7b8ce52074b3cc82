/**
 * The SQL of the aging reports, shared by the report calls and the bench. They read `claim_aging`
 * (migration 0039), kept by the statement that adds ledger rows: a claim's balance as its ledger
 * rows add up, and of it the rows of the lines the payer passed to the patient, beside the claim's
 * own fields; the patient owes those lines, or the whole balance of a self-pay claim.
 * This is claimFigures' split (ledgerFigures.ts): a line is the patient's when it carries a
 * patient-responsibility marker not reversed, or when the claim bills no payer.
 */
import { Params } from '../../../db/params.ts';
import { AGING_BUCKETS, type AgingBucket } from '../../../../contract/claims.ts';
import type { AgingReportKind, AgingType } from '../../../../contract/agingReports.ts';
import { AGING_DAYS } from '../../claims/claimFilters.ts';
import { claimNarrowingSql, type ClaimScope } from '../../access/claimScope.ts';

/** The filters of a report as a WHERE over `claim_aging c`, with its values ($1 is the data role's practices). */
export interface AgingWhere {
  sql: string;
  values: unknown[];
}

export interface AgingFilterInput {
  groupIDs?: string | undefined;
  practiceIDs?: string | undefined;
  facilityID?: number | undefined;
  providerID?: number | undefined;
  insuranceID?: number | undefined;
  patientID?: number | undefined;
  patientFirstName?: string | undefined;
  patientLastName?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  postingFrom?: string | undefined;
  postingTo?: string | undefined;
  fromBalance?: number | undefined;
  toBalance?: number | undefined;
}

const ids = (list: string) => [...new Set(list.split(',').map(Number))];
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Every claim with a balance, limited to the data role's practices, the organisation selection's
 * facilities and providers (claimScope.ts) and the report's filters. Over
 * `aging_sums` (`sums`), whose rows are not claims, the claims' own balance is no condition.
 */
export function agingWhere(
  filter: AgingFilterInput,
  scope: ClaimScope,
  over: 'claims' | 'sums' = 'claims',
): AgingWhere {
  const values: unknown[] = [scope.practiceIds];
  const conditions = [...(over === 'claims' ? ['c.balance_cents <> 0'] : []), 'c.practice_id = ANY($1::bigint[])'];
  const param = new Params(values).add;
  const add = (condition: (placeholder: string) => string, value: unknown) => conditions.push(condition(param(value)));
  const narrowing = claimNarrowingSql('c', scope, param);
  if (narrowing) conditions.push(narrowing);
  if (filter.groupIDs) add((p) => `c.group_id = ANY(${p}::bigint[])`, ids(filter.groupIDs));
  if (filter.practiceIDs) add((p) => `c.practice_id = ANY(${p}::bigint[])`, ids(filter.practiceIDs));
  if (filter.facilityID !== undefined) add((p) => `c.facility_id = ${p}`, filter.facilityID);
  if (filter.providerID !== undefined) add((p) => `c.provider_id = ${p}`, filter.providerID);
  if (filter.insuranceID !== undefined) add((p) => `c.insurance_id = ${p}`, filter.insuranceID);
  if (filter.patientID !== undefined) add((p) => `c.patient_id = ${p}`, filter.patientID);
  if (filter.patientLastName)
    add(
      (p) => `EXISTS (SELECT 1 FROM patients pn WHERE pn.patient_id = c.patient_id AND lower(pn.last_name) LIKE ${p})`,
      likePrefix(filter.patientLastName),
    );
  if (filter.patientFirstName)
    add(
      (p) => `EXISTS (SELECT 1 FROM patients pn WHERE pn.patient_id = c.patient_id AND lower(pn.first_name) LIKE ${p})`,
      likePrefix(filter.patientFirstName),
    );
  if (filter.fromDate) add((p) => `c.dos_from >= ${p}::date`, filter.fromDate);
  if (filter.toDate) add((p) => `c.dos_from <= ${p}::date`, filter.toDate);
  if (filter.postingFrom || filter.postingTo) {
    const bounds: string[] = [];
    if (filter.postingFrom) {
      values.push(filter.postingFrom);
      bounds.push(`le.posting_date >= $${values.length}::date`);
    }
    if (filter.postingTo) {
      values.push(filter.postingTo);
      bounds.push(`le.posting_date <= $${values.length}::date`);
    }
    conditions.push(
      `EXISTS (SELECT 1 FROM ledger_entries le WHERE le.claim_id = c.claim_id AND ${bounds.join(' AND ')})`,
    );
  }
  if (filter.fromBalance !== undefined) add((p) => `c.balance_cents >= ${p}::bigint`, filter.fromBalance);
  if (filter.toBalance !== undefined) add((p) => `c.balance_cents <= ${p}::bigint`, filter.toBalance);
  return { sql: conditions.join(' AND '), values };
}

/** The bucket (0..4, AGING_BUCKETS' order) of a day aged from `from`, counted on `today` ($n). */
export function bucketSql(from: string, todayParam: string): string {
  const days = `(${todayParam}::date - ${from})`;
  const limits = AGING_BUCKETS.map((bucket) => AGING_DAYS[bucket].to).filter((to): to is number => to !== null);
  return `CASE ${limits.map((to, index) => `WHEN ${days} <= ${to} THEN ${index}`).join(' ')} ELSE ${limits.length} END`;
}

export function bucketIndex(bucket: AgingBucket): number {
  return AGING_BUCKETS.indexOf(bucket);
}

/**
 * Each claim with a balance under the filters, read once: `claim_id`, its patient, provider and
 * payer, `bucket` (0..4), `cents` (its balance) and of them `patient_cents`. `todayParam` is the
 * placeholder of the day aging counts from.
 */
export function owedSql(agingType: AgingType, where: string, todayParam: string): string {
  const agedFrom = agingType === 'posting' ? 'coalesce(c.first_posted, c.dos_from)' : 'c.dos_from';
  return `
    SELECT c.claim_id, c.patient_id, c.provider_id, c.insurance_id,
           ${bucketSql(agedFrom, todayParam)} AS bucket,
           c.balance_cents AS cents,
           CASE WHEN c.insurance_id IS NULL THEN c.balance_cents ELSE c.patient_cents END AS patient_cents
      FROM claim_aging c
     WHERE ${where}`;
}

/**
 * The parts of the claims in `owed` by the row each counts in (`row_id`, `owed_by`): one part a
 * claim, or for aging by insurance the payer's part under the payer and the patient's under the
 * patients' row.
 */
export function partsSql(kind: AgingReportKind): string {
  switch (kind) {
    case 'trialBalance':
      return `SELECT o.claim_id, o.claim_id AS row_id, 'both' AS owed_by, o.bucket, o.cents, o.patient_cents FROM owed o`;
    case 'provider':
      return `SELECT o.claim_id, o.provider_id AS row_id, 'both' AS owed_by, o.bucket, o.cents, o.patient_cents FROM owed o`;
    case 'patient':
      return `SELECT o.claim_id, o.patient_id AS row_id, 'both' AS owed_by, o.bucket, o.cents, o.patient_cents FROM owed o`;
    case 'insurance':
      return `SELECT o.claim_id, o.insurance_id AS row_id, 'payer' AS owed_by, o.bucket, o.cents - o.patient_cents AS cents, 0::bigint AS patient_cents
                FROM owed o WHERE o.insurance_id IS NOT NULL AND o.cents <> o.patient_cents
              UNION ALL
              SELECT o.claim_id, NULL::bigint AS row_id, 'patient' AS owed_by, o.bucket, o.patient_cents AS cents, o.patient_cents
                FROM owed o WHERE o.patient_cents <> 0`;
  }
}

/** The five bucket sums, the total and the split of `parts` (alias p), as SELECT items. */
export const BUCKET_SUMS = [
  ...AGING_BUCKETS.map(
    (_, index) => `coalesce(sum(p.cents) FILTER (WHERE p.bucket = ${index}), 0)::bigint AS b${index}`,
  ),
  'coalesce(sum(p.cents), 0)::bigint AS total',
  'coalesce(sum(p.patient_cents), 0)::bigint AS patient_cents',
  // A claim is one part of a row (and, by insurance, at most one payer part and one patient part).
  'count(*)::int AS claim_count',
].join(', ');

/**
 * Whether `aging_sums` (kept per practice, provider, facility, payer and day aged from; days long
 * in the 120+ bucket by month) can answer these filters: group, practice, facility, provider and
 * payer, and the organisation selection's facilities and providers; not those about the patient,
 * dates or a claim's own balance.
 */
export function sumsAnswer(filter: AgingFilterInput): boolean {
  return (
    filter.patientID === undefined &&
    !filter.patientFirstName &&
    !filter.patientLastName &&
    !filter.fromDate &&
    !filter.toDate &&
    !filter.postingFrom &&
    !filter.postingTo &&
    filter.fromBalance === undefined &&
    filter.toBalance === undefined
  );
}

/**
 * The sums under the filters (`where` from agingWhere over 'sums'), each bucketed: `bucket`,
 * `provider_id`, `insurance_id`, `cents`, `patient_cents` and the claims counted (`claims`,
 * `payer_claims`, `patient_claims`).
 */
export function summedSql(agingType: AgingType, where: string, todayParam: string): string {
  return `
    SELECT c.provider_id, c.insurance_id, ${bucketSql('c.aged_from', todayParam)} AS bucket,
           c.balance_cents AS cents, c.patient_cents, c.claims, c.payer_claims, c.patient_claims
      FROM aging_sums c
     WHERE c.basis = '${agingType}' AND ${where}`;
}

/** The sums in `summed` by the row each counts in, as partsSql's rows with `claims` in place of a claim each. */
export function summedPartsSql(kind: 'provider' | 'insurance'): string {
  if (kind === 'provider')
    return `SELECT o.provider_id AS row_id, 'both' AS owed_by, o.bucket, o.cents, o.patient_cents, o.claims FROM summed o`;
  return `SELECT o.insurance_id AS row_id, 'payer' AS owed_by, o.bucket, o.cents - o.patient_cents AS cents, 0::bigint AS patient_cents, o.payer_claims AS claims
            FROM summed o WHERE o.insurance_id IS NOT NULL
          UNION ALL
          SELECT NULL::bigint AS row_id, 'patient' AS owed_by, o.bucket, o.patient_cents AS cents, o.patient_cents, o.patient_claims AS claims
            FROM summed o`;
}

/** BUCKET_SUMS over summed parts: the claims are counted in `claims`, not one a row. */
export const SUMMED_BUCKET_SUMS = BUCKET_SUMS.replace(
  'count(*)::int AS claim_count',
  'coalesce(sum(p.claims), 0)::int AS claim_count',
);
