/** The NPI rules of the scrubber; the NPI itself is checked by the one rule in contract/npi.ts. */
import type { BillingClaim, BillingProvider } from '../claims/billingClaim.ts';
import { billedCharges, chargeField, lineLabel, providerName } from './claimParts.ts';
import type { RuleHit, ScrubRule } from './types.ts';
import { npiProblem } from '../../../contract/npi.ts';

export { npiCheckDigit, npiProblem } from '../../../contract/npi.ts';

/** Every NPI on the claim with the field it sits in and whose it is, each provider once. */
interface NpiAt {
  npi: string;
  field: string;
  whose: string;
  provider: BillingProvider | null;
  chargeID?: number;
}

function npisOf(claim: BillingClaim): NpiAt[] {
  const at: NpiAt[] = [
    {
      npi: claim.practice.npi,
      field: 'practice.npi',
      whose: `billing provider ${claim.practice.name}`,
      provider: null,
    },
  ];
  const person = (provider: BillingProvider | null, field: string, role: string): void => {
    if (provider) at.push({ npi: provider.npi, field, whose: `${role} ${providerName(provider)}`, provider });
  };
  person(claim.provider, 'provider.npi', 'provider');
  person(claim.referringProvider, 'referringProvider.npi', 'referring provider');
  person(claim.supervisingProvider, 'supervisingProvider.npi', 'supervising provider');
  if (claim.facility?.npi)
    at.push({
      npi: claim.facility.npi,
      field: 'facility.npi',
      whose: `facility ${claim.facility.name}`,
      provider: null,
    });
  // A line's rendering provider is usually the claim's provider; report it once, on the claim.
  for (const { charge, index } of billedCharges(claim)) {
    const rendering = charge.renderingProvider;
    if (!rendering || rendering.providerID === claim.provider.providerID) continue;
    at.push({
      npi: rendering.npi,
      field: chargeField(index, 'renderingProvider.npi'),
      whose: `rendering provider ${providerName(rendering)} on ${lineLabel(charge)}`,
      provider: rendering,
      chargeID: charge.chargeID,
    });
  }
  return at;
}

const hit = (at: NpiAt, message: string): RuleHit =>
  at.chargeID === undefined ? { field: at.field, message } : { field: at.field, chargeID: at.chargeID, message };

export const npiCheckDigitRule: ScrubRule = {
  id: 'NPI_CHECK_DIGIT',
  severity: 'error',
  field: '*.npi',
  title: 'Every NPI is 10 digits with a valid check digit',
  fix: 'Look the provider up in the NPPES NPI Registry (npiregistry.cms.hhs.gov) and correct the NPI in the provider or practice setup.',
  check(claim) {
    return npisOf(claim).flatMap((at) => {
      const problem = npiProblem(at.npi);
      if (problem === null) return [];
      return [
        hit(
          at,
          at.npi.trim() === '' ? `The NPI of ${at.whose} is missing.` : `The NPI ${at.npi} of ${at.whose} ${problem}.`,
        ),
      ];
    });
  },
};

export const npiEntityTypeRule: ScrubRule = {
  id: 'NPI_ENTITY_TYPE',
  severity: 'warning',
  field: '*.npi',
  title: 'A person has an individual NPI (starting with 1), an organization one starting with 2',
  fix: "Check in the NPPES NPI Registry whether the NPI belongs to a person or an organization, and correct the NPI or the provider's type.",
  check(claim) {
    return npisOf(claim).flatMap((at) => {
      if (!at.provider || npiProblem(at.npi) !== null) return [];
      const individual = at.npi.startsWith('1');
      if (individual === (at.provider.providerType === 'individual')) return [];
      const expected = at.provider.providerType === 'individual' ? 'a person (type 1)' : 'an organization (type 2)';
      return [
        hit(
          at,
          `The NPI ${at.npi} of ${at.whose} is an ${individual ? 'individual' : 'organization'} NPI, but the provider is set up as ${expected}.`,
        ),
      ];
    });
  },
};
