/**
 * Every scrub rule, in the order a biller reads a claim: who is billed, the claim's dates, the
 * providers, the diagnoses, then line by line. Findings are stored and shown in this order, so the
 * first error a biller jumps to is the first one on the form.
 */
import { billingAddressNoPOBoxRule, billingZipPlus4Rule } from './address.ts';
import {
  chargeAmountRule,
  chargesRequiredRule,
  claimTotalRule,
  noLineOnHoldRule,
  unitsPositiveRule,
} from './charges.ts';
import { dosInsideCoverageRule, dosNotInFutureRule } from './dates.ts';
import { diagnosisRequiredRule, icdBillableRule, icdFormatRule } from './diagnoses.ts';
import { duplicateLineRule } from './duplicates.ts';
import { eligibilityAnswerRule } from './eligibility.ts';
import { frequencyCodeRule, originalClaimNumberRule } from './frequency.ts';
import { INSTITUTIONAL_RULES } from './institutional.ts';
import {
  modifier25OnEMRule,
  modifier26WithTCRule,
  modifier50WithSideRule,
  modifier59WithXRule,
  modifierCountRule,
  modifierFormatRule,
} from './modifiers.ts';
import { npiCheckDigitRule, npiEntityTypeRule } from './npi.ts';
import { placeOfServiceRule } from './placeOfService.ts';
import { diagnosisPointersRule } from './pointers.ts';
import { hcpcsCodeValidRule, procedureCodeFormatRule } from './procedures.ts';
import { medicareSecondaryTypeRule, primaryAdjudicationFromLedgerRule, primaryAdjudicationRule } from './secondary.ts';
import { coverageRequiredRule, medicareMBIRule, payerIDRequiredRule, subscriberIDRequiredRule } from './subscriber.ts';
import { taxIDFormatRule } from './taxID.ts';
import { taxonomyFormatRule } from './taxonomy.ts';
import { timelyFilingRule } from './timelyFiling.ts';
import type { ScrubRule } from './types.ts';

export const RULES: readonly ScrubRule[] = [
  coverageRequiredRule,
  subscriberIDRequiredRule,
  medicareMBIRule,
  payerIDRequiredRule,
  primaryAdjudicationRule,
  primaryAdjudicationFromLedgerRule,
  medicareSecondaryTypeRule,
  frequencyCodeRule,
  originalClaimNumberRule,
  dosNotInFutureRule,
  timelyFilingRule,
  placeOfServiceRule,
  npiCheckDigitRule,
  npiEntityTypeRule,
  taxonomyFormatRule,
  taxIDFormatRule,
  billingZipPlus4Rule,
  billingAddressNoPOBoxRule,
  ...INSTITUTIONAL_RULES,
  diagnosisRequiredRule,
  icdFormatRule,
  icdBillableRule,
  chargesRequiredRule,
  procedureCodeFormatRule,
  hcpcsCodeValidRule,
  modifierFormatRule,
  modifierCountRule,
  modifier26WithTCRule,
  modifier25OnEMRule,
  modifier50WithSideRule,
  modifier59WithXRule,
  diagnosisPointersRule,
  unitsPositiveRule,
  chargeAmountRule,
  noLineOnHoldRule,
  dosInsideCoverageRule,
  eligibilityAnswerRule,
  duplicateLineRule,
  claimTotalRule,
];
