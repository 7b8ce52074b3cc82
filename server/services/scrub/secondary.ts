import type { BillingClaim } from '../claims/billingClaim.ts';
import type { ScrubRule } from './types.ts';

const rankOf = (priority: 1 | 2 | 3) => (priority === 2 ? 'secondary' : 'tertiary');
/** The payer a claim billing the next payer follows: the primary for a secondary claim, the one before it for a tertiary one. */
const priorOf = (priority: 1 | 2 | 3) => (priority === 2 ? 'primary' : 'prior');

/** The patient's first coverage in force on the date of service, other than the one billed. */
const firstCoverage = (claim: BillingClaim) => claim.otherCoverages.find((other) => other.priority === 1) ?? null;

export const primaryAdjudicationRule: ScrubRule = {
  id: 'PRIMARY_ADJUDICATION_REQUIRED',
  severity: 'error',
  field: 'primary',
  title: 'A secondary claim carries what the primary payer paid and adjusted, as its remit said it',
  fix: "Post the primary payer's ERA, or key its EOB, on the claim billed to it, then scrub this claim again.",
  check(claim) {
    const coverage = claim.coverage;
    if (!coverage || coverage.priority === 1 || claim.primary !== null) return [];
    const rank = rankOf(coverage.priority);
    const prior = priorOf(coverage.priority);
    const billed = `The claim bills ${coverage.payer.name} as ${rank} payer`;
    const original = claim.originalClaim ?? null;
    if (original === null) {
      const first = firstCoverage(claim);
      const who = first === null ? `the ${prior} payer` : `the ${prior} payer ${first.payer.name}`;
      return [
        {
          field: 'primary',
          message: `${billed} but was not made from a claim billed to ${who}, so there is no remit to carry. Bill ${who} first, then use "Create crossover claim" on that claim once its remit is posted.`,
        },
      ];
    }
    if (original.payer === null) {
      return [
        {
          field: 'primary',
          message: `${billed}, but claim ${original.claimID}, which it was made from, names no payer, so there is no ${prior} payer's remit to carry.`,
        },
      ];
    }
    return [
      {
        field: 'primary',
        message:
          `${billed}, but the ${prior} payer ${original.payer.name} has no posted ERA and no keyed EOB standing on claim ${original.claimID}. ` +
          `Post the ${prior} payer's ERA or key its EOB on claim ${original.claimID}, then scrub again.`,
      },
    ];
  },
};

export const primaryAdjudicationFromLedgerRule: ScrubRule = {
  id: 'PRIMARY_ADJUDICATION_FROM_LEDGER',
  severity: 'warning',
  field: 'primary',
  title:
    "The primary payer's adjudication was posted by hand before EOBs were kept, so the claim carries it as the ledger has it",
  fix: "Check the COB amounts against the primary's EOB. To send them exactly, reverse the hand postings on the original claim and key its EOB there.",
  check(claim) {
    const { primary, coverage } = claim;
    if (primary === null || primary.source !== 'ledger' || !coverage) return [];
    const prior = priorOf(coverage.priority);
    const on = claim.originalClaim ? ` on claim ${claim.originalClaim.claimID}` : '';
    return [
      {
        field: 'primary',
        message:
          `The ${prior} payer ${primary.payer.name}'s answer${on} was posted by hand before EOBs were kept, so this claim carries it as the ledger has it: ` +
          `payments, CO adjustments and the patient's share (recomputed), without any OA, PI or CR adjustment.`,
      },
    ];
  },
};

export const medicareSecondaryTypeRule: ScrubRule = {
  id: 'MEDICARE_SECONDARY_TYPE',
  severity: 'error',
  field: 'coverage.payer.insuranceType',
  title: 'A claim billing Medicare after another payer says why Medicare pays second (Medicare secondary payer type)',
  fix: "Check the patient's coverage order: Medicare pays after an employer group health plan, no-fault or auto, workers' compensation or TRICARE, never after Medicaid.",
  check(claim) {
    const choice = claim.medicareSecondaryType ?? null;
    if (choice === null || choice.code !== null) return [];
    return [
      {
        field: 'coverage.payer.insuranceType',
        message: `The claim bills Medicare after another payer, and no Medicare secondary payer type fits. ${choice.reason}`,
      },
    ];
  },
};
