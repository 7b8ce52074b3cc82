/**
 * The ICD-10-CM code set changes every October 1: a claim must carry codes valid in the federal
 * fiscal year of its date of service, which is named after the calendar year it ends in.
 */
export const FISCAL_YEAR_START_MONTH = 10;

/** Fiscal year of a 'YYYY-MM-DD' date of service: 2026-09-30 is FY2026, 2026-10-01 is FY2027. */
export function fiscalYearOf(dateOfService: string): number {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(dateOfService);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${dateOfService}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= FISCAL_YEAR_START_MONTH ? year + 1 : year;
}

/** First and last day ('YYYY-MM-DD') of a fiscal year. */
export function fiscalYearRange(fiscalYear: number): { first: string; last: string } {
  return { first: `${fiscalYear - 1}-10-01`, last: `${fiscalYear}-09-30` };
}
