import type { Queryable } from '../../../db/types.ts';
import type { ClaimScope } from '../../access/claimScope.ts';
import type { DataScope } from '../../access/dataScope.ts';

/**
 * The practices a widget reads: the data role's, narrowed to one group when the screen asks for
 * one. A group outside the role narrows to nothing, so another group's figures never appear.
 */
export async function practicesOf(q: Queryable, scope: DataScope, groupID: number | undefined): Promise<number[]> {
  if (groupID === undefined || scope.practiceIds.length === 0) return scope.practiceIds;
  const rows = await q.query<{ id: number | string }>(
    'SELECT practice_id AS id FROM practices WHERE group_id = $1 AND practice_id = ANY($2::bigint[]) ORDER BY practice_id',
    [groupID, scope.practiceIds],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * The claims a widget reads: practicesOf's practices with the organisation selection's
 * facilities and providers (claimScope.ts).
 */
export async function claimScopeOf(q: Queryable, scope: DataScope, groupID: number | undefined): Promise<ClaimScope> {
  const practiceIds = await practicesOf(q, scope, groupID);
  return scope.claims ? { practiceIds, claims: scope.claims } : { practiceIds };
}

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The first day of the month of `day`, `months` months later (negative: earlier). */
export function monthStart(day: string, months = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The last day of the month of `day`. */
export function monthEnd(day: string): string {
  return addDays(monthStart(day, 1), -1);
}

/** The dashboard's default span: the twelve months up to today, from the first of the month. */
export function postingSpan(
  today: string,
  from: string | undefined,
  to: string | undefined,
): { from: string; to: string } {
  const end = to ?? today;
  return { from: from ?? monthStart(end, -11), to: end };
}

/** Whole-month periods from `from` to `to`, each clipped to the span. */
export function monthsOf(from: string, to: string): { month: string; start: string; end: string }[] {
  const months: { month: string; start: string; end: string }[] = [];
  for (let start = monthStart(from); start <= to; start = monthStart(start, 1)) {
    const end = monthEnd(start);
    months.push({ month: start.slice(0, 7), start: start < from ? from : start, end: end > to ? to : end });
  }
  return months;
}
