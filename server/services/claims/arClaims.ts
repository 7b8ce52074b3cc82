import {
  AGING_BUCKETS,
  type ClaimFilter,
  type ClaimSearchParams,
  type ClaimSearchReply,
} from '../../../contract/claims.ts';
import type { ArBucket, ArSectionReply } from '../../../contract/claimLists.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { agingRange, claimFilterWhere } from './claimFilters.ts';
import { cachedFigure } from './figureCache.ts';
import type { JsonText } from '../jsonText.ts';
import { searchClaims } from './searchClaims.ts';

/**
 * Claims/getARClaimsSearchData: the claims list limited to accounts receivable. The limit is the
 * filter's own `ar` flag, so exports, copies and bulk runs of the same filter find the same claims.
 */
export function searchARClaims(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  params: ClaimSearchParams,
  today?: string,
): Promise<JsonText<ClaimSearchReply>> {
  return searchClaims(q, actor, scope, { ...params, ar: 'true' }, today);
}

/**
 * Claims/getARClaimsSectionData: count and balance of the receivable claims in each aging bucket,
 * under the filter without its own bucket, aged to `today` (the server's day, YYYY-MM-DD); kept
 * until claims change (figureCache.ts).
 */
export async function arSections(
  q: Queryable,
  scope: DataScope,
  filter: ClaimFilter,
  today: string,
): Promise<ArSectionReply> {
  const where = claimFilterWhere({ ...filter, agingBucket: undefined, ar: 'true' }, scope, today);
  const values = [...where.values];
  // Bucket i holds the claims served on or after the first day of bucket i and not of an earlier
  // one; the last bucket has no first day.
  const starts = AGING_BUCKETS.flatMap((bucket) => {
    const start = agingRange(bucket, today).dosFrom;
    if (start === null) return [];
    values.push(start);
    return [`$${values.length}::date`];
  });
  const rows = await cachedFigure(q, `aging ${today}`, where, () =>
    q.query<{ index: number; count: number; balance: number }>(
      `SELECT CASE ${starts.map((start, index) => `WHEN c.dos_from >= ${start} THEN ${index}`).join(' ')} ELSE ${starts.length} END AS index,
              count(*)::bigint AS count, coalesce(sum(c.balance_cents), 0)::bigint AS balance
         FROM claims c WHERE ${where.sql} GROUP BY 1`,
      values,
    ),
  );
  const buckets = AGING_BUCKETS.map((bucket, index): ArBucket => {
    const row = rows.find((found) => found.index === index);
    return { bucket, count: row?.count ?? 0, balance: row?.balance ?? 0 };
  });
  const total = buckets.reduce(
    (sum, bucket) => ({ count: sum.count + bucket.count, balance: sum.balance + bucket.balance }),
    { count: 0, balance: 0 },
  );
  return { asOf: today, buckets, total };
}
