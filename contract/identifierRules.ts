/**
 * The identifiers a biller keys in when setting up a client, checked the way a payer or a
 * clearing house would reject them, and said in the biller's words. NPIs are in npi.ts.
 */
import { npiProblem } from './npi.ts';

/** An employer identification number: 9 digits, written 12-3456789 or 123456789; stored as 9 digits. */
export function normalTaxId(taxID: string): string {
  const digits = taxID.trim().replace(/^(\d{2})-(\d{7})$/, '$1$2');
  return digits;
}

/** Why `taxID` is not a tax ID a claim can carry (EIN), or null. */
export function taxIdProblem(taxID: string): string | null {
  const value = normalTaxId(taxID);
  if (value === '') return 'The tax ID (EIN) is missing.';
  if (!/^\d{9}$/.test(value))
    return `The tax ID (EIN) must be 9 digits, written 12-3456789 or 123456789, not "${taxID}".`;
  if (value.startsWith('00') || value === '000000000')
    return `The tax ID (EIN) ${taxID} cannot start with 00: the IRS never issues one.`;
  return null;
}

/** Why `npi` is not a valid NPI of `whose` (e.g. "The billing NPI"), or null. */
export function npiMessage(npi: string, whose: string, type?: 'individual' | 'organization'): string | null {
  const problem = npiProblem(npi.trim());
  if (problem) return `${whose} ${npi.trim() === '' ? '' : `${npi.trim()} `}${problem}.`;
  if (type === 'individual' && !npi.startsWith('1'))
    return `${whose} ${npi} belongs to an organization (it starts with 2); a person's NPI starts with 1.`;
  if (type === 'organization' && !npi.startsWith('2'))
    return `${whose} ${npi} belongs to a person (it starts with 1); an organization's NPI starts with 2.`;
  return null;
}

/** Health Care Provider Taxonomy codes: 10 characters, 9 letters or digits and a closing X (207Q00000X). */
export function taxonomyProblem(code: string): string | null {
  const value = code.trim().toUpperCase();
  if (/^[0-9A-Z]{9}X$/.test(value)) return null;
  return `The taxonomy code "${code}" must be 10 characters ending in X, e.g. 207Q00000X (family medicine).`;
}

/** A payer ID as clearing houses publish them: 2 to 15 letters or digits, no spaces. */
export function payerIdProblem(payerID: string, what = 'The payer ID'): string | null {
  const value = payerID.trim();
  if (value === '') return `${what} is missing.`;
  if (!/^[0-9A-Za-z]{2,15}$/.test(value))
    return `${what} "${payerID}" must be 2 to 15 letters or digits with no spaces or dashes, as the clearing house lists it (e.g. 60054).`;
  return null;
}

/** A colour of the login page: #RRGGBB. */
export function colourProblem(colour: string, which: string): string | null {
  return /^#[0-9a-fA-F]{6}$/.test(colour.trim()) ? null : `The ${which} colour must be written #RRGGBB, e.g. #0b5cad.`;
}

/** Sub-domains the product keeps for itself. */
const RESERVED_SUBDOMAINS = new Set(['default', 'www', 'api', 'app', 'localhost']);

/** A sub-domain: the first label of the host name the client's staff open (lakeside.example.com). */
export function subdomainProblem(subdomain: string): string | null {
  const value = subdomain.trim().toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(value))
    return `The sub-domain "${subdomain}" must be letters, digits and dashes (not at either end), at most 63 characters.`;
  if (RESERVED_SUBDOMAINS.has(value)) return `The sub-domain "${value}" is kept by the product; choose another.`;
  return null;
}
