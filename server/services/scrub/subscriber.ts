import type { BillingClaim, BillingCoverage } from '../claims/billingClaim.ts';
import type { ScrubRule } from './types.ts';

/**
 * Medicare Beneficiary Identifier, 11 characters (CMS "Understanding the MBI"): position 1 a digit
 * 1-9; 2, 5, 8, 9 letters; 4, 7, 10, 11 digits; 3 and 6 a letter or digit. Letters exclude S, L,
 * O, I, B and Z, which read like digits.
 */
const L = '[AC-HJKMNP-RT-Y]';
const MBI = new RegExp(`^[1-9]${L}(?:${L}|\\d)\\d${L}(?:${L}|\\d)\\d${L}${L}\\d\\d$`);

export function isMedicareBeneficiaryIdentifier(value: string): boolean {
  return MBI.test(value);
}

/** The coverage billed, unless it is self-pay, which never goes to a payer. */
function billedCoverage(claim: BillingClaim): BillingCoverage | null {
  return claim.coverage && claim.coverage.payer.insuranceType !== 'self_pay' ? claim.coverage : null;
}

export const coverageRequiredRule: ScrubRule = {
  id: 'COVERAGE_REQUIRED',
  severity: 'error',
  field: 'coverage',
  title: 'The claim names the insurance it bills',
  fix: "Pick the patient's insurance for this claim (add it to the patient first if it is missing).",
  check(claim) {
    return claim.coverage ? [] : [{ field: 'coverage', message: 'The claim has no insurance to bill.' }];
  },
};

export const subscriberIDRequiredRule: ScrubRule = {
  id: 'SUBSCRIBER_ID_REQUIRED',
  severity: 'error',
  field: 'coverage.subscriberID',
  title: 'The coverage has a subscriber (member) ID',
  fix: "Copy the member ID from the patient's insurance card into the patient's insurance.",
  check(claim) {
    const coverage = billedCoverage(claim);
    if (!coverage || coverage.subscriberID.trim() !== '') return [];
    return [{ field: 'coverage.subscriberID', message: `The ${coverage.payer.name} coverage has no subscriber ID.` }];
  },
};

export const payerIDRequiredRule: ScrubRule = {
  id: 'PAYER_ID_REQUIRED',
  severity: 'error',
  field: 'coverage.payer.payerID',
  title: 'The payer has an electronic payer ID',
  fix: "Enter the payer's electronic payer ID (from the clearinghouse payer list) in the insurance setup.",
  check(claim) {
    const coverage = billedCoverage(claim);
    if (!coverage || coverage.payer.payerID.trim() !== '') return [];
    return [
      { field: 'coverage.payer.payerID', message: `The payer ${coverage.payer.name} has no electronic payer ID.` },
    ];
  },
};

export const medicareMBIRule: ScrubRule = {
  id: 'MEDICARE_MBI_FORMAT',
  severity: 'error',
  field: 'coverage.subscriberID',
  title: 'Medicare member IDs are valid MBIs',
  fix: "Copy the 11-character Medicare Beneficiary Identifier from the patient's red, white and blue Medicare card, without dashes (e.g. 1EG4TE5MK73).",
  check(claim) {
    const coverage = billedCoverage(claim);
    if (!coverage || coverage.payer.insuranceType !== 'medicare') return [];
    const id = coverage.subscriberID;
    if (id.trim() === '' || isMedicareBeneficiaryIdentifier(id)) return [];
    const why = id.includes('-') ? 'is written with dashes' : 'is not a Medicare Beneficiary Identifier (MBI)';
    return [{ field: 'coverage.subscriberID', message: `The Medicare ID ${id} ${why}.` }];
  },
};
