/**
 * The address checks that need no service: a US state or territory code, a ZIP or ZIP+4 of the
 * right shape whose first three digits USPS gives to that state, and no PO box where the 837 needs
 * a street (the billing provider's and the service facility's addresses). One place for the rules:
 * `Reports/validateAddress` answers with them, and the admin forms save nothing that breaks them.
 */

/** Three-digit ZIP prefixes by state (USPS sectional centers), as inclusive ranges. */
const ZIP_PREFIXES: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  AL: [[350, 369]],
  AK: [[995, 999]],
  AZ: [[850, 865]],
  AR: [[716, 729]],
  CA: [[900, 961]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [
    [200, 200],
    [202, 205],
    [569, 569],
  ],
  FL: [[320, 349]],
  GA: [
    [300, 319],
    [398, 399],
  ],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  IA: [[500, 528]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 715]],
  ME: [[39, 49]],
  MD: [[206, 219]],
  MA: [
    [10, 27],
    [55, 55],
  ],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MS: [[386, 397]],
  MO: [[630, 658]],
  MT: [[590, 599]],
  NE: [[680, 693]],
  NV: [[889, 898]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NY: [
    [5, 5],
    [100, 149],
  ],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [[730, 749]],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [
    [750, 799],
    [885, 885],
  ],
  UT: [[840, 847]],
  VT: [
    [50, 54],
    [56, 59],
  ],
  VA: [
    [201, 201],
    [220, 246],
  ],
  WA: [[980, 994]],
  WV: [[247, 268]],
  WI: [[530, 549]],
  WY: [[820, 831]],
  PR: [
    [6, 7],
    [9, 9],
  ],
  VI: [[8, 8]],
  GU: [[969, 969]],
  MP: [[969, 969]],
  AS: [[967, 967]],
  AA: [[340, 340]],
  AE: [[90, 98]],
  AP: [[962, 966]],
};

/** The state and territory codes an address may carry (the 50 states, DC, territories, military). */
export const STATE_CODES: readonly string[] = Object.keys(ZIP_PREFIXES).sort();

const ZIP = /^(\d{5})(?:-?(\d{4}))?$/;
const PO_BOX = /\b(?:p\.?\s*o\.?\s*box|post\s+office\s+box|pob\s+\d|p\.?\s*o\.?\s+\d|box\s+\d+\s*$)/i;

/** What an address is for: a billing or service address must be a street; pay-to and mailing may be a PO box. */
export type AddressPurpose = 'billing' | 'service' | 'payTo' | 'mailing';

export interface AddressInput {
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** The ZIP as stored: five digits, or ZIP+4 written 12345-6789. */
export function normalZip(zip: string): string {
  const match = ZIP.exec(zip.trim());
  if (!match) return zip.trim();
  return match[2] ? `${match[1]}-${match[2]}` : (match[1] ?? '');
}

export function isPoBox(line: string): boolean {
  return PO_BOX.test(line);
}

/** Every reason the address cannot be used for `purpose`, in the biller's words; empty when none. */
export function addressProblems(address: AddressInput, purpose: AddressPurpose, label = 'Address'): string[] {
  const problems: string[] = [];
  const state = address.state.trim().toUpperCase();
  if (address.address1.trim() === '') problems.push(`${label}: the street line is missing.`);
  if (address.city.trim() === '') problems.push(`${label}: the city is missing.`);
  const prefixes = ZIP_PREFIXES[state];
  if (!prefixes) problems.push(`${label}: "${address.state}" is not a US state code (two letters, e.g. TX).`);
  const zip = ZIP.exec(address.zip.trim());
  if (!zip) problems.push(`${label}: the ZIP code must be 5 digits or ZIP+4 (12345-6789), not "${address.zip}".`);
  else if (prefixes) {
    const prefix = Number(zip[1]?.slice(0, 3));
    if (!prefixes.some(([from, to]) => prefix >= from && prefix <= to))
      problems.push(`${label}: ZIP code ${zip[1]} is not in ${state}.`);
  }
  if ((purpose === 'billing' || purpose === 'service') && [address.address1, address.address2 ?? ''].some(isPoBox))
    problems.push(
      `${label}: a ${purpose === 'billing' ? 'billing' : 'service facility'} address must be a street address, not a PO box (a PO box may be the pay-to address).`,
    );
  return problems;
}
