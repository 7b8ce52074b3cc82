import type { Random } from './random.ts';

/**
 * National Provider Identifier: 9 digits and a Luhn check digit computed as if the number were
 * prefixed with 80840 (the ISO card issuer prefix of US health identifiers), per the CMS NPI
 * check-digit standard. Individuals' NPIs start with 1, organisations' with 2.
 */
const NPI_PREFIX = '80840';

function luhnCheckDigit(payload: string): number {
  let sum = 0;
  // Walking from the right, the digit next to the (missing) check digit is doubled first.
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

/** The check digit for the first nine digits of an NPI. */
export function npiCheckDigit(firstNine: string): number {
  if (!/^\d{9}$/.test(firstNine)) throw new RangeError(`An NPI body is nine digits: ${firstNine}`);
  return luhnCheckDigit(NPI_PREFIX + firstNine);
}

export function isValidNpi(npi: string): boolean {
  if (!/^[12]\d{9}$/.test(npi)) return false;
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

export type NpiEntity = 'individual' | 'organization';

/** A random NPI with a valid check digit: type 1 (individual) or type 2 (organisation). */
export function randomNpi(random: Random, entity: NpiEntity): string {
  const body = (entity === 'individual' ? '1' : '2') + random.digits(8);
  return body + String(npiCheckDigit(body));
}
