import { billedCharges, chargeField } from './claimParts.ts';
import type { RuleHit, ScrubRule } from './types.ts';

/** A professional claim always names its place of service (CLM05); a line names one only where it differs. */
export const placeOfServiceRule: ScrubRule = {
  id: 'POS_VALID',
  severity: 'error',
  field: 'posCode',
  title: 'Professional claims carry a place of service from the CMS list',
  fix: 'Pick the place of service where the patient was seen (11 office, 21 inpatient hospital, 22 outpatient hospital, 02 or 10 telehealth...).',
  check(claim, context) {
    if (claim.claimType !== 'professional') return [];
    const hits: RuleHit[] = [];
    if (claim.posCode === null) hits.push({ field: 'posCode', message: 'The claim has no place of service.' });
    else if (!context.isPlaceOfService(claim.posCode))
      hits.push({ field: 'posCode', message: `The place of service "${claim.posCode}" is not on the CMS list.` });
    for (const { charge, index } of billedCharges(claim)) {
      if (charge.posCode !== null && !context.isPlaceOfService(charge.posCode)) {
        hits.push({
          field: chargeField(index, 'posCode'),
          chargeID: charge.chargeID,
          message: `Line ${charge.lineNumber}: place of service "${charge.posCode}" is not on the CMS list.`,
        });
      }
    }
    return hits;
  },
};
