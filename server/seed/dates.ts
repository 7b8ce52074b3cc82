/**
 * Dates as whole days since 1970-01-01 (UTC): integer arithmetic on days is exact and needs no
 * time zone, and the database takes and returns 'YYYY-MM-DD'.
 */
const DAY_MS = 86_400_000;

export function dateToDay(date: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return Math.round(time / DAY_MS);
}

export function dayToDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC day of an instant. */
export function dayOf(instant: Date): number {
  return Math.floor(instant.getTime() / DAY_MS);
}

/** An instant on `day` at `minuteOfDay` (UTC), as an ISO string for timestamptz columns. */
export function timestampOn(day: number, minuteOfDay: number): string {
  return new Date(day * DAY_MS + minuteOfDay * 60_000).toISOString();
}

/** `day` moved by whole calendar months, clamped to the end of shorter months. */
export function addMonths(day: number, months: number): number {
  const date = new Date(day * DAY_MS);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.round(target.getTime() / DAY_MS);
}
