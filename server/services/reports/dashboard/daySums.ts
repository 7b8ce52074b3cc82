/**
 * Money by posting date, read from the ledger's day sums (migration 0041: kept in the posting
 * transaction, per practice, day and kind of row, and since 0055 the claim's provider and facility) with the figure model's own SQL
 * (ledgerFigures.ts FIGURE_SQL): the sums stand in for the rows `l`, and the kind a reversal
 * reverses for the reversed row `o`, so paid, charges and refunds mean here what they mean on a
 * claim's header.
 */
import { Params } from '../../../db/params.ts';
import type { CollectedReply, MonthlyAverageReply, PostingRangeQuery } from '../../../../contract/arDashboard.ts';
import type { Queryable } from '../../../db/types.ts';
import type { DataScope } from '../../access/dataScope.ts';
import { claimNarrowingSql, type ClaimScope } from '../../access/claimScope.ts';
import { FIGURE_SQL } from '../../ledger/ledgerFigures.ts';
import { addDays, claimScopeOf, daysBetween, monthsOf, postingSpan } from './scope.ts';

const DAY_SUMS = `ledger_day_sums l CROSS JOIN LATERAL (SELECT nullif(l.reversed_type, '') AS entry_type) o`;

interface PeriodRow {
  period: string;
  charges: number | string;
  insurancePaid: number | string;
  received: number | string;
  paid: number | string;
  claimsBilled: number | string;
}

/**
 * The day sums of the claims of `scope` posted from `from` to `to`: the practice test, and under a
 * selection of facilities or providers the sums kept under them (migration 0055).
 */
function postedRows(scope: ClaimScope, from: string, to: string): { where: string; values: unknown[] } {
  const values: unknown[] = [];
  const param = new Params(values).add;
  const where = `l.practice_id = ANY(${param(scope.practiceIds)}::bigint[]) AND l.posting_date BETWEEN ${param(from)}::date AND ${param(to)}::date`;
  const narrowing = claimNarrowingSql('l', scope, param);
  return { where: narrowing ? `${where} AND ${narrowing}` : where, values };
}

/** The figures per day or month of posting, of the claims of the scope, in the span. */
async function figuresBy(
  q: Queryable,
  scope: ClaimScope,
  from: string,
  to: string,
  unit: 'day' | 'month',
): Promise<Map<string, PeriodRow>> {
  const period = unit === 'day' ? 'l.posting_date::text' : `to_char(l.posting_date, 'YYYY-MM')`;
  const rows = postedRows(scope, from, to);
  const found = await q.query<PeriodRow>(
    `SELECT ${period} AS period, ${FIGURE_SQL.charges} AS charges, ${FIGURE_SQL.insurancePaid} AS "insurancePaid",
            ${FIGURE_SQL.received} AS received, ${FIGURE_SQL.paid} AS paid,
            coalesce(sum(l.claims_billed), 0)::bigint AS "claimsBilled"
       FROM ${DAY_SUMS}
      WHERE ${rows.where}
      GROUP BY 1`,
    rows.values,
  );
  return new Map(found.map((row) => [row.period, row]));
}

export async function collectedAmounts(
  q: Queryable,
  scope: DataScope,
  input: PostingRangeQuery,
  today: string,
): Promise<CollectedReply> {
  const { from, to } = postingSpan(today, input.fromPostingDate, input.toPostingDate);
  const claims = await claimScopeOf(q, scope, input.groupID);
  const unit = daysBetween(from, to) <= 62 ? 'day' : 'month';
  const byPeriod = await figuresBy(q, claims, from, to, unit);
  const periods =
    unit === 'month'
      ? monthsOf(from, to).map(({ month, start, end }) => ({ key: month, start, end }))
      : Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => {
          const day = addDays(from, index);
          return { key: day, start: day, end: day };
        });
  const points = periods.map(({ key, start, end }) => {
    const row = byPeriod.get(key);
    const insurancePaidCents = Number(row?.insurancePaid ?? 0);
    const received = Number(row?.received ?? 0);
    const collectedCents = Number(row?.paid ?? 0);
    return {
      start,
      end,
      insurancePaidCents,
      patientPaidCents: received - insurancePaidCents,
      refundsCents: received - collectedCents,
      collectedCents,
    };
  });
  const total = (pick: (point: (typeof points)[number]) => number) =>
    points.reduce((sum, point) => sum + pick(point), 0);
  return {
    fromPostingDate: from,
    toPostingDate: to,
    unit,
    points,
    collectedCents: total((point) => point.collectedCents),
    insurancePaidCents: total((point) => point.insurancePaidCents),
    patientPaidCents: total((point) => point.patientPaidCents),
    filter: { ...(input.groupID ? { groupID: input.groupID } : {}), postingFrom: from, postingTo: to },
  };
}

function average(amount: number, claims: number): number | null {
  return claims === 0 ? null : Math.round(amount / claims);
}

/**
 * Per month: charges posted (`charges`) or money collected (`paid`), beside the claims billed in
 * the month (claims whose first charge row was posted then), and their quotient.
 */
export async function monthlyAverage(
  q: Queryable,
  scope: DataScope,
  input: PostingRangeQuery,
  today: string,
  figure: 'charges' | 'paid',
): Promise<MonthlyAverageReply> {
  const { from, to } = postingSpan(today, input.fromPostingDate, input.toPostingDate);
  const claims = await claimScopeOf(q, scope, input.groupID);
  const byMonth = await figuresBy(q, claims, from, to, 'month');
  const points = monthsOf(from, to).map(({ month, start, end }) => {
    const row = byMonth.get(month);
    const amountCents = Number(row?.[figure] ?? 0);
    const claimsBilled = Number(row?.claimsBilled ?? 0);
    return { month, start, end, amountCents, claimsBilled, averageCents: average(amountCents, claimsBilled) };
  });
  const amountCents = points.reduce((sum, point) => sum + point.amountCents, 0);
  const claimsBilled = points.reduce((sum, point) => sum + point.claimsBilled, 0);
  return {
    fromPostingDate: from,
    toPostingDate: to,
    points,
    amountCents,
    claimsBilled,
    averageCents: average(amountCents, claimsBilled),
  };
}

/** Charges posted in the span on the claims of the scope, for AR days. */
export async function chargesPosted(q: Queryable, scope: ClaimScope, from: string, to: string): Promise<number> {
  const rows = postedRows(scope, from, to);
  const [row] = await q.query<{ charges: number | string }>(
    `SELECT ${FIGURE_SQL.charges} AS charges FROM ${DAY_SUMS} WHERE ${rows.where}`,
    rows.values,
  );
  return Number(row?.charges ?? 0);
}
