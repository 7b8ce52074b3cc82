/**
 * An address typed on one line, as a biller reads it off a letterhead:
 * "400 Congress Ave, Suite 200, Austin, TX 78701". Checked by the same offline rules the server
 * applies, so a PO box or a ZIP of another state is refused before anything is sent.
 */
import { addressProblems, type AddressInput, type AddressPurpose } from '../../contract/addressRules.ts';

export const ADDRESS_FORMAT = 'street, city, ST ZIP (e.g. 400 Congress Ave, Austin, TX 78701)';

export function parseAddress(line: string): AddressInput | null {
  const parts = line
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length < 3) return null;
  const last = /^([A-Za-z]{2})\s+(\d{5}(?:-?\d{4})?)$/.exec(parts.at(-1) ?? '');
  if (!last) return null;
  const [street, ...rest] = parts.slice(0, -1);
  const city = rest.pop();
  if (street === undefined || city === undefined) return null;
  return {
    address1: street,
    address2: rest.length > 0 ? rest.join(', ') : null,
    city,
    state: (last[1] ?? '').toUpperCase(),
    zip: last[2] ?? '',
  };
}

/** Why the typed address cannot be used for `purpose`, or null. */
export function addressLineProblem(line: string, purpose: AddressPurpose): string | null {
  const address = parseAddress(line);
  if (address === null) return `Type the address as ${ADDRESS_FORMAT}.`;
  return addressProblems(address, purpose).join(' ') || null;
}

export function addressLine(address: {
  address1: string | null;
  address2?: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}): string {
  if (address.address1 === null) return '';
  return [address.address1, address.address2, address.city, `${address.state ?? ''} ${address.zip ?? ''}`.trim()]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(', ');
}
