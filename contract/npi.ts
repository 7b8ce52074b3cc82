/**
 * National Provider Identifiers: ten digits whose last is a Luhn check digit computed as if the
 * number were prefixed with 80840 (the card issuer prefix of US health identifiers), per the CMS
 * NPI standard. Individuals' NPIs start with 1, organisations' with 2. One place for the rule: the
 * scrubber checks claims with it, the demo data is made with it, and forms can check as typed.
 */
const NPI_PREFIX = '80840';

/** The Luhn check digit of the first nine digits of an NPI. */
export function npiCheckDigit(firstNine: string): number {
  if (!/^\d{9}$/.test(firstNine)) throw new RangeError(`An NPI body is nine digits: ${firstNine}`);
  const payload = NPI_PREFIX + firstNine;
  let sum = 0;
  // From the right, the digit next to the (missing) check digit is doubled first.
  for (let i = payload.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let digit = payload.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Why `npi` is not a valid NPI, or null when it is. */
export function npiProblem(npi: string): string | null {
  if (npi.trim() === '') return 'is missing';
  if (!/^\d{10}$/.test(npi)) return 'is not 10 digits';
  if (npi[0] !== '1' && npi[0] !== '2') return 'does not start with 1 (a person) or 2 (an organization)';
  const expected = npiCheckDigit(npi.slice(0, 9));
  return Number(npi[9]) === expected ? null : `has a wrong check digit (the last digit should be ${expected})`;
}

export const isValidNpi = (npi: string): boolean => npiProblem(npi) === null;
