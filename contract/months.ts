/**
 * The months by name, one formatter for the server's messages, the screens and the browser tests:
 * "October 2026" for any day of October 2026.
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "October 2026" for a day (YYYY-MM-DD) or a month (YYYY-MM) of October 2026. */
export function monthName(day: string): string {
  return `${MONTH_NAMES[Number(day.slice(5, 7)) - 1] ?? day.slice(5, 7)} ${day.slice(0, 4)}`;
}
