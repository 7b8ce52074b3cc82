const ZERO = 48;
const NINE = 57;
const DASH = 45;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * An X12 date (CCYYMMDD) between `start` and `end` of `text` as YYYY-MM-DD; null when absent or
 * not a calendar date. Read by character code and written as one string: a remittance has a date
 * on nearly every line, and slicing, a regex and Number for each were a tenth of reading it.
 */
export function parseDate(text: string, start: number, end: number): string | null {
  if (end - start !== 8) return null;
  let value = 0;
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code < ZERO || code > NINE) return null;
    value = value * 10 + (code - ZERO);
  }
  const year = Math.floor(value / 10_000);
  const month = Math.floor(value / 100) % 100;
  const day = value % 100;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month < 1 || month > 12 || day < 1 || day > (month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0)))
    return null;
  return String.fromCharCode(
    text.charCodeAt(start),
    text.charCodeAt(start + 1),
    text.charCodeAt(start + 2),
    text.charCodeAt(start + 3),
    DASH,
    text.charCodeAt(start + 4),
    text.charCodeAt(start + 5),
    DASH,
    text.charCodeAt(start + 6),
    text.charCodeAt(start + 7),
  );
}
