/** The monthly summary's words and months, apart from React so they are tested alone. */
import { formatCents } from '../../../contract/money.ts';
import { MONTH_NAMES, monthName } from '../../../contract/months.ts';
import type { MonthlySummaryRow, PracticeMonthEnd } from '../../../contract/monthEnd.ts';

/** "October 2026" for 2026-10-01. */
export function monthLabel(monthStart: string): string {
  return monthName(monthStart);
}

/** YYYY-MM-01 of the month `offset` months from the month of `day`. */
export function monthFrom(day: string, offset: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The last day of the month of `monthStart`, as the summary's toDate. */
export function monthEnd(monthStart: string): string {
  const next = monthFrom(monthStart, 1);
  const day = new Date(Date.UTC(Number(next.slice(0, 4)), Number(next.slice(5, 7)) - 1, 0));
  return day.toISOString().slice(0, 10);
}

/** "2026-10", "10/2026", "October 2026", "oct 2026" read as 2026-10-01; null when it is none of them. */
export function parseMonth(typed: string): string | null {
  const text = typed.trim().toLowerCase();
  let match = /^(\d{4})-(\d{1,2})(-\d{1,2})?$/.exec(text);
  if (match) return validMonth(Number(match[1]), Number(match[2]));
  match = /^(\d{1,2})\/(\d{4})$/.exec(text);
  if (match) return validMonth(Number(match[2]), Number(match[1]));
  match = /^([a-z]+)\.?\s+(\d{4})$/.exec(text);
  if (match) {
    const name = match[1] ?? '';
    const index = MONTH_NAMES.findIndex((month) => name.length >= 3 && month.toLowerCase().startsWith(name));
    if (index >= 0) return validMonth(Number(match[2]), index + 1);
  }
  return null;
}

function validMonth(year: number, month: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12) return null;
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

/** The name column: practices under the group, providers under their practice. */
export function indentedName(row: MonthlySummaryRow): string {
  return row.level === 'group' ? row.name : row.level === 'practice' ? `  ${row.name}` : `    ${row.name}`;
}

export function lockStateText(row: MonthlySummaryRow): string {
  return row.locked ? 'Locked' : 'Open';
}

/** "October 2025 to September 2026", "August and September 2026", "October 2026". */
export function monthRange(months: readonly string[]): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (first === undefined || last === undefined) return '';
  if (months.length === 1) return monthLabel(first);
  const from = first.slice(0, 4) === last.slice(0, 4) ? monthLabel(first).split(' ')[0]! : monthLabel(first);
  return `${from} ${months.length === 2 ? 'and' : 'to'} ${monthLabel(last)}`;
}

/** The confirm step's words for a lock: the practices, the end AR each keeps, and the open months before it locked with it. */
export function lockConfirmText(monthStart: string, practices: readonly PracticeMonthEnd[]): string {
  const toLock = practices.filter((practice) => practice.wouldLock.length > 0);
  if (toLock.length === 0) return `${monthLabel(monthStart)} is locked already for every practice chosen.`;
  const byMonths = new Map<string, string[]>();
  for (const practice of toLock) {
    const earlier = practice.wouldLock.filter((month) => month !== monthStart);
    const key =
      earlier.length === 0
        ? ''
        : `the ${earlier.length === 1 ? 'open month' : `${earlier.length} open months`} before it, ${monthRange(earlier)}`;
    byMonths.set(key, [
      ...(byMonths.get(key) ?? []),
      `${practice.practiceName} (end AR ${formatCents(practice.figures.endArCents)})`,
    ]);
  }
  const parts = [...byMonths.entries()].map(([earlier, names]) => {
    const who = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    return earlier === '' ? who : `${who}, with ${earlier}`;
  });
  return `Lock ${monthLabel(monthStart)} for ${parts.join('; ')}. Nothing can be posted with a date in a locked month afterwards.`;
}
