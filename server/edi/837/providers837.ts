import type { SegmentData } from '../x12/writeX12.ts';
import type { Claim837, Facility837 } from './claim837.ts';
import type { Kind837 } from './codes837.ts';
import { digits } from './format837.ts';
import { address, organisationName, providerName, taxonomy } from './names837.ts';

function serviceFacility(facility: Facility837 | null): SegmentData[] {
  if (facility === null) return [];
  return [organisationName('77', facility.name, 'XX', digits(facility.npi)), ...address(facility)];
}

/**
 * 837P 2310A referring, 2310B rendering, 2310C service facility, 2310D supervising. The rendering
 * provider is left out when it is the billing provider itself (same NPI), as the guide asks.
 */
function professional(claim: Claim837): SegmentData[] {
  const segments: SegmentData[] = [];
  if (claim.referringProvider !== null) segments.push(providerName('DN', claim.referringProvider));
  if (digits(claim.provider.npi) !== digits(claim.practice.npi))
    segments.push(providerName('82', claim.provider), ...taxonomy('PE', claim.provider));
  segments.push(...serviceFacility(claim.facility));
  if (claim.supervisingProvider !== null) segments.push(providerName('DQ', claim.supervisingProvider));
  return segments;
}

/**
 * 837I 2310A attending (the claim's provider), 2310B operating physician, 2310C other operating
 * physician, 2310E service facility, 2310F referring.
 */
function institutional(claim: Claim837): SegmentData[] {
  const operating = claim.institutional?.operatingProvider ?? null;
  const otherOperating = claim.institutional?.otherOperatingProvider ?? null;
  const segments: SegmentData[] = [providerName('71', claim.provider), ...taxonomy('AT', claim.provider)];
  if (operating !== null) segments.push(providerName('72', operating));
  if (otherOperating !== null) segments.push(providerName('ZZ', otherOperating));
  segments.push(...serviceFacility(claim.facility));
  if (claim.referringProvider !== null) segments.push(providerName('DN', claim.referringProvider));
  return segments;
}

/** Loop 2310: the claim's providers and service location. */
export function claimProviders(claim: Claim837, kind: Kind837): SegmentData[] {
  return kind === 'P' ? professional(claim) : institutional(claim);
}
