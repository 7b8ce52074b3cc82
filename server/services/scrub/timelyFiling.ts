import type { BillingClaim } from '../claims/billingClaim.ts';
import { billedCharges } from './claimParts.ts';
import { addDays, addMonths } from './days.ts';
import type { ScrubRule } from './types.ts';

/** Medicare's limit is 12 months from the date of service (42 CFR 424.44), whatever a day count says. */
const MEDICARE_MONTHS = 12;

function earliestDateOfService(claim: BillingClaim): string {
  return billedCharges(claim).reduce(
    (earliest, { charge }) => (charge.dosFrom < earliest ? charge.dosFrom : earliest),
    claim.dosFrom,
  );
}

export const timelyFilingRule: ScrubRule = {
  id: 'TIMELY_FILING',
  severity: 'error',
  field: 'dosFrom',
  title: 'The claim reaches the payer within its timely filing limit',
  fix: 'Send the claim with proof that it was filed in time (an earlier acceptance report), appeal, or write the balance off as timely filing.',
  check(claim, context) {
    const coverage = claim.coverage;
    if (!coverage || coverage.payer.insuranceType === 'self_pay') return [];
    const payer = coverage.payer;
    const earliest = earliestDateOfService(claim);
    const medicare = payer.insuranceType === 'medicare';
    const deadline = medicare ? addMonths(earliest, MEDICARE_MONTHS) : addDays(earliest, payer.timelyFilingDays);
    if (context.today <= deadline) return [];
    const limit = medicare ? `${MEDICARE_MONTHS} months` : `${payer.timelyFilingDays} days`;
    return [
      {
        field: 'dosFrom',
        message: `${payer.name} takes claims up to ${limit} after the date of service; for ${earliest} that was ${deadline}.`,
      },
    ];
  },
};
