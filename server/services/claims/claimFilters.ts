import { CLAIM_FILTER_FIELDS, type AgingBucket, type ClaimFilter } from '../../../contract/claims.ts';
import { Params } from '../../db/params.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { claimNarrowingSql, type ClaimScope } from '../access/claimScope.ts';

/** A WHERE condition over `claims c` with its positional parameters ($1 ...). */
export interface SqlCondition {
  sql: string;
  values: unknown[];
  /**
   * The same condition without the data role's practice test ($1 is still the role's practices),
   * for a role that takes in every practice: there the test holds for every claim, yet costs a
   * comparison on each of the hundreds of thousands of index entries a deep jump skips.
   */
  withoutRole?: string;
}

/**
 * True when the data role's practices ($1) take in every practice. Asked inside the statement
 * that reads the claims, so a practice added meanwhile cannot slip through; PostgreSQL asks it
 * once and runs only the branch it allows (a one-time filter).
 */
export const ROLE_HAS_EVERY_PRACTICE =
  '(SELECT NOT EXISTS (SELECT 1 FROM practices p WHERE p.practice_id <> ALL($1::bigint[])))';

/**
 * Accounts receivable: money still owed on a live claim. Written with constants so the planner
 * can match it against the partial indexes of migration 0009.
 */
export const AR_CONDITION = `c.balance_cents > 0 AND c.claim_status_id NOT IN (${CLAIM_STATUS.closed}, ${CLAIM_STATUS.void})`;

/** Days since the first date of service of each bucket, inclusive; null: open-ended. */
export const AGING_DAYS: Record<AgingBucket, { from: number; to: number | null }> = {
  '0-30': { from: 0, to: 30 },
  '31-60': { from: 31, to: 60 },
  '61-90': { from: 61, to: 90 },
  '91-120': { from: 91, to: 120 },
  '120+': { from: 121, to: null },
};

const DAY_MS = 86_400_000;

/** The UTC day of an instant as YYYY-MM-DD: the server's "today" for aging. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

function daysBefore(today: string, days: number): string {
  return dayOf(new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS));
}

/** The range of first dates of service a bucket covers on `today`; the 0-30 bucket takes future dates too. */
export function agingRange(bucket: AgingBucket, today: string): { dosFrom: string | null; dosTo: string | null } {
  const { from, to } = AGING_DAYS[bucket];
  return { dosFrom: to === null ? null : daysBefore(today, to), dosTo: from === 0 ? null : daysBefore(today, from) };
}

/** Sorted, without repeats, so the same statuses in another order share one cached total. */
function statusIds(list: string): number[] {
  return [...new Set(list.split(',').map(Number))].sort((a, b) => a - b);
}

/**
 * The claims list's filters as SQL, always limited to the practices of the data role and the
 * organisation selection's facilities and providers (claimScope.ts). The list,
 * its counts, AR sections, exports and bulk runs share it, so they can never disagree. `today`
 * (YYYY-MM-DD) places the aging buckets; callers with a clock pass its day, so tests can fix it.
 */
export function claimFilterWhere(
  filter: ClaimFilter,
  scope: ClaimScope,
  today: string = dayOf(new Date()),
): SqlCondition {
  const values: unknown[] = [scope.practiceIds];
  const conditions = ['c.practice_id = ANY($1::bigint[])'];
  const param = new Params(values).add;
  const narrowing = claimNarrowingSql('c', scope, param);
  if (narrowing) conditions.push(narrowing);
  const add = (condition: (placeholder: string) => string, value: unknown) => conditions.push(condition(param(value)));
  if (filter.search) {
    const search = filter.search;
    if (/^\d{1,15}$/.test(search)) add((p) => `c.claim_id = ${p}::bigint`, Number(search));
    else add((p) => `c.patient_name LIKE ${p}`, `${search.toUpperCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
  }
  if (filter.groupID !== undefined) add((p) => `c.group_id = ${p}`, filter.groupID);
  if (filter.practiceID !== undefined) add((p) => `c.practice_id = ${p}`, filter.practiceID);
  if (filter.facilityID !== undefined) add((p) => `c.facility_id = ${p}`, filter.facilityID);
  if (filter.providerID !== undefined) add((p) => `c.provider_id = ${p}`, filter.providerID);
  if (filter.insuranceID !== undefined) add((p) => `c.insurance_id = ${p}`, filter.insuranceID);
  if (filter.patientID !== undefined) add((p) => `c.patient_id = ${p}`, filter.patientID);
  if (filter.claimIDs) add((p) => `c.claim_id = ANY(${p}::bigint[])`, filter.claimIDs.split(',').map(Number));
  if (filter.claimStatusID !== undefined) add((p) => `c.claim_status_id = ${p}`, filter.claimStatusID);
  if (filter.claimStatusIDs) add((p) => `c.claim_status_id = ANY(${p}::smallint[])`, statusIds(filter.claimStatusIDs));
  if (filter.scrubStatusID !== undefined) add((p) => `c.scrub_status_id = ${p}`, filter.scrubStatusID);
  if (filter.submitStatusID !== undefined) add((p) => `c.submit_status_id = ${p}`, filter.submitStatusID);
  if (filter.dosFrom) add((p) => `c.dos_from >= ${p}::date`, filter.dosFrom);
  if (filter.dosTo) add((p) => `c.dos_from <= ${p}::date`, filter.dosTo);
  if (filter.agingBucket) {
    const range = agingRange(filter.agingBucket, today);
    if (range.dosFrom) add((p) => `c.dos_from >= ${p}::date`, range.dosFrom);
    if (range.dosTo) add((p) => `c.dos_from <= ${p}::date`, range.dosTo);
  }
  if (filter.postingFrom || filter.postingTo) {
    const bounds = [
      filter.postingFrom ? `le.posting_date >= ${param(filter.postingFrom)}::date` : null,
      filter.postingTo ? `le.posting_date <= ${param(filter.postingTo)}::date` : null,
    ].filter((bound) => bound !== null);
    conditions.push(
      `EXISTS (SELECT 1 FROM ledger_entries le WHERE le.claim_id = c.claim_id AND ${bounds.join(' AND ')})`,
    );
  }
  if (filter.balanceMin !== undefined) add((p) => `c.balance_cents >= ${p}::bigint`, filter.balanceMin);
  if (filter.balanceMax !== undefined) add((p) => `c.balance_cents <= ${p}::bigint`, filter.balanceMax);
  if (filter.assignedUserID === 'unassigned') conditions.push('c.assigned_user_id IS NULL');
  else if (filter.assignedUserID !== undefined) add((p) => `c.assigned_user_id = ${p}`, filter.assignedUserID);
  if (filter.denialReason) {
    // One IN over both sources rather than two EXISTS joined by OR: the planner turns it into a
    // short list of claim ids to look up (milliseconds), where the OR cost a scan of all claims.
    add(
      (
        p,
      ) => `c.claim_id IN (SELECT le.claim_id FROM ledger_entries le WHERE le.entry_type = 'denial' AND le.reason_code = ${p}
                             UNION ALL
                             SELECT ec.claim_id FROM era_adjustments ea JOIN era_claims ec ON ec.era_claim_id = ea.era_claim_id WHERE ea.reason_code = ${p})`,
      filter.denialReason,
    );
  }
  if (filter.ar === 'true') conditions.push(AR_CONDITION);
  return { sql: conditions.join(' AND '), values, withoutRole: conditions.slice(1).join(' AND ') || 'true' };
}

/** Only the filter fields of a list query (paging, sort and anything else dropped). */
export function filterOf(query: ClaimFilter): ClaimFilter {
  const filter: Record<string, unknown> = {};
  for (const field of CLAIM_FILTER_FIELDS) if (query[field] !== undefined) filter[field] = query[field];
  return filter;
}
