import type { BillingClaim } from '../claims/billingClaim.ts';
import { billedCharges, chargeField, lineLabel, providerName } from './claimParts.ts';
import type { RuleHit, ScrubRule } from './types.ts';

/** Health Care Provider Taxonomy codes are 10 characters: 9 letters or digits and a closing X (207Q00000X). */
const TAXONOMY = /^[0-9A-Z]{9}X$/;

interface TaxonomyAt {
  code: string;
  field: string;
  whose: string;
  chargeID?: number;
}

function taxonomiesOf(claim: BillingClaim): TaxonomyAt[] {
  const at: TaxonomyAt[] = [];
  const add = (code: string | null, field: string, whose: string, chargeID?: number): void => {
    if (code === null || code.trim() === '') return;
    at.push(chargeID === undefined ? { code, field, whose } : { code, field, whose, chargeID });
  };
  add(claim.practice.taxonomyCode, 'practice.taxonomyCode', `billing provider ${claim.practice.name}`);
  add(claim.provider.taxonomyCode, 'provider.taxonomyCode', `provider ${providerName(claim.provider)}`);
  if (claim.referringProvider)
    add(
      claim.referringProvider.taxonomyCode,
      'referringProvider.taxonomyCode',
      `referring provider ${providerName(claim.referringProvider)}`,
    );
  if (claim.supervisingProvider)
    add(
      claim.supervisingProvider.taxonomyCode,
      'supervisingProvider.taxonomyCode',
      `supervising provider ${providerName(claim.supervisingProvider)}`,
    );
  for (const { charge, index } of billedCharges(claim)) {
    const rendering = charge.renderingProvider;
    if (!rendering || rendering.providerID === claim.provider.providerID) continue;
    add(
      rendering.taxonomyCode,
      chargeField(index, 'renderingProvider.taxonomyCode'),
      `rendering provider ${providerName(rendering)} on ${lineLabel(charge)}`,
      charge.chargeID,
    );
  }
  return at;
}

export const taxonomyFormatRule: ScrubRule = {
  id: 'TAXONOMY_FORMAT',
  severity: 'error',
  field: '*.taxonomyCode',
  title: 'Taxonomy codes are 10 characters ending in X',
  fix: 'Copy the taxonomy code from the NPPES NPI Registry entry of the provider (e.g. 207Q00000X for family medicine).',
  check(claim) {
    return taxonomiesOf(claim).flatMap(({ code, field, whose, chargeID }): RuleHit[] => {
      if (TAXONOMY.test(code)) return [];
      const message = `The taxonomy code ${code} of ${whose} is not 10 characters (9 letters or digits and a closing X).`;
      return [chargeID === undefined ? { field, message } : { field, chargeID, message }];
    });
  },
};
