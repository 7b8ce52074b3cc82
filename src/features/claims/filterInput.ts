/**
 * What billers type into the filter commands' steps, read into filter values: dates as
 * 01/31/2026 or 2026-01-31, dollars as 12.50, empty for "no bound".
 */
import { parseDollarsToCents } from '../../console/stepAnswers.ts';

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD of a typed date, or null when it is not a real calendar date. */
export function parseBillerDate(typed: string): string | null {
  const text = typed.trim();
  const us = US_DATE.exec(text);
  const iso = ISO_DATE.exec(text);
  const [year, month, day] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (year === undefined || month === undefined || day === undefined) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  )
    return null;
  return date.toISOString().slice(0, 10);
}

/** The step's rule for an optional date: empty, or a real date. */
export function optionalDateProblem(typed: string): string | null {
  return typed.trim() === '' || parseBillerDate(typed) !== null
    ? null
    : 'Type a date like 01/31/2026, or leave it empty.';
}

/** The step's rule for an optional amount: empty, or dollars and cents. */
export function optionalAmountProblem(typed: string): string | null {
  return typed.trim() === '' || parseDollarsToCents(typed) !== null
    ? null
    : 'Type an amount in dollars, like 12.50, or leave it empty.';
}

/** A typed optional date or amount as a filter value; undefined when left empty. */
const text = (typed: unknown) => (typeof typed === 'string' ? typed : '');
export const dateValue = (typed: unknown): string | undefined => parseBillerDate(text(typed)) ?? undefined;
export const centsValue = (typed: unknown): number | undefined => parseDollarsToCents(text(typed)) ?? undefined;

/** Refuses an empty range or one that ends before it starts, in the biller's words. */
export function rangeProblem(from: string | number | undefined, to: string | number | undefined): string | null {
  if (from === undefined && to === undefined) return 'Give at least one end of the range.';
  return from !== undefined && to !== undefined && from > to ? 'The range ends before it starts.' : null;
}
