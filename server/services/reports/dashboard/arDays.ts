/**
 * AR days: what is owed on the receivable claims, in days of charges. The receivable claims and
 * their aging are the claims list's own (arSections: balance above zero, neither closed nor void,
 * aged by first date of service), so drilling in lists exactly the claims counted; the charges
 * of the period come from the ledger's day sums.
 */
import type { ArDaysQuery, ArDaysReply } from '../../../../contract/arDashboard.ts';
import type { Queryable } from '../../../db/types.ts';
import type { DataScope } from '../../access/dataScope.ts';
import { arSections } from '../../claims/arClaims.ts';
import { chargesPosted } from './daySums.ts';
import { addDays, claimScopeOf } from './scope.ts';

export async function arDays(q: Queryable, scope: DataScope, input: ArDaysQuery, today: string): Promise<ArDaysReply> {
  const group = input.groupID ? { groupID: input.groupID } : {};
  const sections = await arSections(q, scope, group, today);
  const claims = await claimScopeOf(q, scope, input.groupID);
  // The period ends today and holds periodDays days.
  const periodFrom = addDays(today, 1 - input.periodDays);
  const charges = await chargesPosted(q, claims, periodFrom, today);
  const daily = charges / input.periodDays;
  return {
    asOf: today,
    periodDays: input.periodDays,
    periodFrom,
    arCents: sections.total.balance,
    arClaims: sections.total.count,
    chargesInPeriodCents: charges,
    averageDailyChargesCents: Math.round(daily),
    arDays: daily > 0 ? Math.round((sections.total.balance / daily) * 10) / 10 : null,
    buckets: sections.buckets.map((bucket) => ({
      bucket: bucket.bucket,
      claims: bucket.count,
      balanceCents: bucket.balance,
      filter: { ...group, ar: 'true', agingBucket: bucket.bucket },
    })),
    filter: { ...group, ar: 'true' },
  };
}
