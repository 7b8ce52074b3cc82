import type { SegmentData } from '../x12/writeX12.ts';
import type { Address837, Provider837 } from './claim837.ts';
import { digits, text } from './format837.ts';

/** N3 and N4 of any address; ZIP as digits (ZIP+4 becomes nine digits, as the guides want). */
export function address(value: Address837): SegmentData[] {
  return [
    ['N3', text(value.address1, 55), text(value.address2, 55)],
    ['N4', text(value.city, 30), text(value.state, 2), digits(value.zip)],
  ];
}

/** NM1 of a person: NM103 last, NM104 first, NM105 middle, then the id (qualifier only with an id). */
export function personName(
  entity: string,
  last: string,
  first: string | null,
  middle: string | null,
  idQualifier: string,
  id: string,
): SegmentData {
  const cleanID = id.trim();
  return [
    'NM1',
    entity,
    '1',
    text(last, 60),
    text(first, 35),
    text(middle, 25),
    '',
    '',
    cleanID === '' ? '' : idQualifier,
    cleanID,
  ];
}

export function organisationName(entity: string, name: string, idQualifier: string, id: string | null): SegmentData {
  const cleanID = (id ?? '').trim();
  return ['NM1', entity, '2', text(name, 60), '', '', '', '', cleanID === '' ? '' : idQualifier, cleanID];
}

/** NM1 of a provider by NPI, as a person or an organisation. */
export function providerName(entity: string, provider: Provider837): SegmentData {
  return provider.providerType === 'organization'
    ? organisationName(entity, provider.lastName, 'XX', digits(provider.npi))
    : personName(entity, provider.lastName, provider.firstName, null, 'XX', digits(provider.npi));
}

/** PRV with the provider's taxonomy, when it has one. */
export function taxonomy(code: string, provider: Pick<Provider837, 'taxonomyCode'>): SegmentData[] {
  const value = (provider.taxonomyCode ?? '').trim().toUpperCase();
  return value === '' ? [] : [['PRV', code, 'PXC', value]];
}
