import { z } from 'zod';

/**
 * A number as a JSON body or a query string carries it. A query string has only text, so the
 * plain decimal form of a number ("42", "-5", "12.50") is read as that number; anything else goes
 * to `schema` as it came. Unlike z.coerce, true, [1], null and '' are refused rather than read as
 * 1, 1, 0 and 0. A JSON body has numbers of its own: there "42" is text, and refused.
 */
const DECIMAL = /^-?\d{1,20}(\.\d{1,20})?$/;

let readingText = true;

export function numeric<T extends z.ZodNumber>(schema: T) {
  return z.preprocess(
    (value) => (readingText && typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value),
    schema,
  );
}

/**
 * Runs a synchronous parse of a JSON body, in which numeric fields take only JSON numbers. The
 * parse runs to its end before anything else can, so the switch holds for it alone.
 */
export function parseJsonBody<T>(parse: () => T): T {
  const before = readingText;
  readingText = false;
  try {
    return parse();
  } finally {
    readingText = before;
  }
}

/** The first and last year a date of ours may fall in: PostgreSQL has no year 0, and a slip of the keyboard is not a date. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;
const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
export const YEAR_OUT_OF_RANGE = `Enter a date between ${FIRST_YEAR} and ${LAST_YEAR}.`;

/** A day that exists, as YYYY-MM-DD: 2026-02-30 is refused rather than rolled into March. */
export function isRealDay(value: string): boolean {
  if (!DAY_FORMAT.test(value)) return false;
  const instant = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(instant.getTime()) && instant.toISOString().startsWith(value);
}

/**
 * For a refinement after the format's own check, which has already refused a text that is no
 * YYYY-MM-DD: the day is checked only when the format holds, so a bad text gets one message.
 */
export function isRealDayIfWellFormed(value: string): boolean {
  return !DAY_FORMAT.test(value) || isRealDay(value);
}

/** Whether a YYYY-MM-DD text (or one that is not a date at all: the format check refuses it) falls in FIRST_YEAR..LAST_YEAR. */
export function isYearInRange(value: string): boolean {
  if (!DAY_FORMAT.test(value)) return true;
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** A real day within FIRST_YEAR..LAST_YEAR. */
export function isCalendarDate(value: string): boolean {
  return isRealDay(value) && isYearInRange(value);
}

/** A date field: YYYY-MM-DD, a day that exists, between FIRST_YEAR and LAST_YEAR, each refusal in its own words. */
export function calendarDate(message = 'Dates are YYYY-MM-DD.') {
  return z
    .string()
    .regex(DAY_FORMAT, message)
    .refine(isRealDayIfWellFormed, 'That date does not exist.')
    .refine(isYearInRange, YEAR_OUT_OF_RANGE);
}
