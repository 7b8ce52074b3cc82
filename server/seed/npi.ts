/** Demo NPIs, made by the one NPI rule (contract/npi.ts). */
import { npiCheckDigit } from '../../contract/npi.ts';
import type { Random } from './random.ts';

export { isValidNpi, npiCheckDigit } from '../../contract/npi.ts';

export type NpiEntity = 'individual' | 'organization';

/** A random NPI with a valid check digit: type 1 (individual) or type 2 (organisation). */
export function randomNpi(random: Random, entity: NpiEntity): string {
  const body = (entity === 'individual' ? '1' : '2') + random.digits(8);
  return body + String(npiCheckDigit(body));
}
