import type { Cents } from '../../../contract/money.ts';

/**
 * Dollars as X12 writes a decimal: no trailing zeros after the point (100, 100.5, 100.25), the
 * form the guides recommend and payers' validators accept. Built from the integer so no float
 * ever stands between the cents and the text.
 */
export function money(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const cent = whole % 100;
  const dollars = (whole - cent) / 100;
  if (cent === 0) return `${sign}${dollars}`;
  if (cent % 10 === 0) return `${sign}${dollars}.${cent / 10}`;
  return `${sign}${dollars}.${cent < 10 ? '0' : ''}${cent}`;
}

/** A quantity (units, NDC quantity) with at most three decimals and no trailing zeros. */
export function quantity(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** 'YYYY-MM-DD' (or a timestamp starting so) as CCYYMMDD. */
export function date8(isoDate: string): string {
  return isoDate.slice(0, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
}

/** DTP02/DTP03 for a service period: D8 for one day, RD8 for a range. */
export function period(from: string, to: string): [qualifier: string, value: string] {
  return from === to ? ['D8', date8(from)] : ['RD8', `${date8(from)}-${date8(to)}`];
}

/** Free text as the samples write it: upper case, single spaces, cut to the element's maximum. */
export function text(value: string | null | undefined, max: number): string {
  if (value === null || value === undefined) return '';
  return value.replace(/\s+/g, ' ').trim().toUpperCase().slice(0, max);
}

/** An identifier (claim number, line control number, group number) as given: trimmed, never recased. */
export function identifier(value: string | null | undefined, max: number): string {
  return value === null || value === undefined ? '' : value.trim().slice(0, max);
}

/** Identifiers the guides define as digits (NPI, tax ID, ZIP, phone). */
export function digits(value: string | null | undefined): string {
  return value === null || value === undefined ? '' : value.replace(/\D/g, '');
}

/** ICD-10-CM as the HI segment wants it: no dot, upper case. */
export function icd(code: string): string {
  return code.replace(/[.\s]/g, '').toUpperCase();
}

/**
 * The 11-digit 5-4-2 NDC the 837 requires. A hyphenated 10-digit code (4-4-2, 5-3-2 or 5-4-1)
 * gets its zero in the short part; an unhyphenated one is taken as already 11 digits.
 */
export function ndc11(code: string): string {
  const parts = code.trim().split('-');
  if (parts.length !== 3) return digits(code);
  const [labeler = '', product = '', pack = ''] = parts;
  return labeler.padStart(5, '0') + product.padStart(4, '0') + pack.padStart(2, '0');
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The UTC date and time of `now` in the envelope's formats. */
export function stamp(now: Date): { ccyymmdd: string; yymmdd: string; hhmm: string } {
  const ccyymmdd = `${now.getUTCFullYear()}${pad2(now.getUTCMonth() + 1)}${pad2(now.getUTCDate())}`;
  return { ccyymmdd, yymmdd: ccyymmdd.slice(2), hhmm: `${pad2(now.getUTCHours())}${pad2(now.getUTCMinutes())}` };
}
