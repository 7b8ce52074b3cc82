import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import type { BillingClaim } from '../claims/billingClaim.ts';
import type { Finding } from './types.ts';

/** What one scrub does to a claim. */
export interface ScrubOutcome {
  claimID: number;
  findings: Finding[];
  errors: number;
  warnings: number;
  scrubStatusID: number;
  claimStatusID: number;
  /** Whether either status differs from the claim's before the scrub. */
  changed: boolean;
}

/**
 * Errors fail the claim; warnings alone pass it (they are stored and shown). A claim a biller had
 * passed with its warnings stays forcefully passed while it still has only warnings. A draft that
 * passes is ready to submit, and a ready claim that fails goes back to draft.
 */
export function scrubOutcomeOf(claim: BillingClaim, findings: Finding[]): ScrubOutcome {
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const warnings = findings.length - errors;
  let scrubStatusID: number = SCRUB_STATUS.passed;
  if (errors > 0) scrubStatusID = SCRUB_STATUS.failed;
  else if (warnings > 0 && claim.scrubStatusID === SCRUB_STATUS.forcefullyPassed)
    scrubStatusID = SCRUB_STATUS.forcefullyPassed;
  let claimStatusID = claim.claimStatusID;
  if (errors === 0 && claimStatusID === CLAIM_STATUS.draft) claimStatusID = CLAIM_STATUS.readyToSubmit;
  else if (errors > 0 && claimStatusID === CLAIM_STATUS.readyToSubmit) claimStatusID = CLAIM_STATUS.draft;
  const changed = scrubStatusID !== claim.scrubStatusID || claimStatusID !== claim.claimStatusID;
  return { claimID: claim.claimID, findings, errors, warnings, scrubStatusID, claimStatusID, changed };
}
