/** How values are written on the paper forms: dates, money split at the printed cents line, codes, names. */
import type { Cents } from '../../contract/money.ts';
import { ndc11 } from '../edi/837/format837.ts';
import type {
  BillingAddress,
  BillingCharge,
  BillingClaim,
  BillingCoverage,
  BillingProvider,
} from '../services/claims/billingClaim.ts';

/** The X12 individual relationship code of a subscriber who is the patient. */
export const SELF = '18';

const parts = (isoDate: string) => ({
  yyyy: isoDate.slice(0, 4),
  yy: isoDate.slice(2, 4),
  mm: isoDate.slice(5, 7),
  dd: isoDate.slice(8, 10),
});

/** 'YYYY-MM-DD' as the CMS-1500's 6-digit boxes: 'MM DD YY'. */
export function spacedDate6(isoDate: string): string {
  const { mm, dd, yy } = parts(isoDate);
  return `${mm} ${dd} ${yy}`;
}

/** 'YYYY-MM-DD' as the CMS-1500's 8-digit boxes (birth dates): 'MM DD YYYY'. */
export function spacedDate8(isoDate: string): string {
  const { mm, dd, yyyy } = parts(isoDate);
  return `${mm} ${dd} ${yyyy}`;
}

/** 'YYYY-MM-DD' as the UB-04 writes dates: 'MMDDYY'. */
export function date6(isoDate: string): string {
  const { mm, dd, yy } = parts(isoDate);
  return `${mm}${dd}${yy}`;
}

/** 'YYYY-MM-DD' as the UB-04's birth date: 'MMDDYYYY'. */
export function date8(isoDate: string): string {
  const { mm, dd, yyyy } = parts(isoDate);
  return `${mm}${dd}${yyyy}`;
}

/** The UTC calendar day of `now` as 'YYYY-MM-DD'. */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Dollars and cents for the two parts of a money box: the form prints the line between them. */
export function moneyParts(value: Cents): { dollars: string; cents: string } {
  const whole = Math.abs(value);
  return { dollars: `${value < 0 ? '-' : ''}${Math.floor(whole / 100)}`, cents: String(whole % 100).padStart(2, '0') };
}

/** ICD-10-CM as a biller reads it: the dot after the category (E119 -> E11.9). */
export function dottedICD(code: string): string {
  const bare = code.replace(/[.\s]/g, '').toUpperCase();
  return bare.length > 3 ? `${bare.slice(0, 3)}.${bare.slice(3)}` : bare;
}

/** A quantity with at most three decimals and no trailing zeros. */
export function quantity(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** The NDC of a drug line as both forms print it: 'N4', the 11-digit code, the unit and quantity. */
export function ndcText(charge: Pick<BillingCharge, 'ndcCode' | 'ndcUnits' | 'ndcUnitType'>): string | null {
  if (charge.ndcCode === null || charge.ndcCode.trim() === '') return null;
  const unit =
    charge.ndcUnitType === null || charge.ndcUnits === null ? '' : ` ${charge.ndcUnitType}${quantity(charge.ndcUnits)}`;
  return `N4${ndc11(charge.ndcCode)}${unit}`;
}

export const upper = (value: string | null | undefined): string =>
  (value ?? '').replace(/\s+/g, ' ').trim().toUpperCase();

/** 'LAST, FIRST, M' (the CMS-1500's name boxes). */
export function personName(last: string | null, first: string | null, middle: string | null): string {
  return [upper(last), upper(first), upper(middle).slice(0, 1)].filter((part) => part !== '').join(', ');
}

/** 'FIRST LAST' for a person, the name for an organisation (box 17's order). */
export function providerFullName(provider: BillingProvider): string {
  return provider.providerType === 'organization'
    ? upper(provider.lastName)
    : [upper(provider.firstName), upper(provider.lastName)].filter((part) => part !== '').join(' ');
}

export function street(address: BillingAddress): string {
  return [upper(address.address1), upper(address.address2)]
    .filter((part) => part !== '')
    .join(' ')
    .replace(/[.,#]/g, '');
}

/** Five digits, or ZIP+4 with its hyphen (NUCC: the 9-digit ZIP keeps the hyphen). */
export function zip(value: string): string {
  const digits = digitsOf(value);
  return digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** 'MIAMI FL 33111-0000': the forms want addresses without punctuation. */
export function cityLine(address: Pick<BillingAddress, 'city' | 'state' | 'zip'>): string {
  return `${upper(address.city)} ${upper(address.state)} ${zip(address.zip)}`;
}

export function digitsOf(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** A phone as its area code and number, digits only (NUCC: no hyphen or space inside the number). */
export function phoneParts(value: string | null): { areaCode: string; number: string } {
  const digits = digitsOf(value);
  return digits.length === 10
    ? { areaCode: digits.slice(0, 3), number: digits.slice(3) }
    : { areaCode: '', number: digits };
}

/** The lines a form prints: void lines were taken back and are never billed. */
export function billedLines(claim: BillingClaim): BillingCharge[] {
  return claim.charges.filter((charge) => charge.chargeStatus !== 'void');
}

/** The claim's coverages in payment order: the one billed and the patient's others, one per priority. */
export function coveragesInOrder(claim: BillingClaim): BillingCoverage[] {
  const all = [...(claim.coverage === null ? [] : [claim.coverage]), ...claim.otherCoverages];
  const byPriority = new Map<number, BillingCoverage>();
  for (const coverage of all) if (!byPriority.has(coverage.priority)) byPriority.set(coverage.priority, coverage);
  return [...byPriority.values()].sort((a, b) => a.priority - b.priority);
}

/** Splits `items` into pages of `size` (at least one page, so an empty claim still prints its form). */
export function pagesOf<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages.length > 0 ? pages : [[]];
}

export const sumCents = (charges: readonly BillingCharge[]): Cents =>
  charges.reduce((sum, charge) => sum + charge.chargeCents, 0);
