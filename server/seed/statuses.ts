import { CLAIM_STATUS, SCRUB_STATUS, SUBMIT_STATUS } from '../../contract/claimStatus.ts';
import type { Random, Weighted } from './random.ts';

/**
 * How often each claim status occurs, how old such claims are, and which scrub and submission
 * statuses go with it, so that no claim is e.g. Paid but never submitted.
 */
export type ClaimStatusId = (typeof CLAIM_STATUS)[keyof typeof CLAIM_STATUS];

export interface StatusProfile {
  readonly statusId: ClaimStatusId;
  readonly weight: number;
  /** Age of the date of service in days, at `now`. */
  readonly ageDays: readonly [number, number];
  /** The claim went to the clearinghouse. */
  readonly submitted: boolean;
  /** A self-pay patient's claim can have this status (it is never sent to a payer). */
  readonly selfPay: boolean;
}

export const STATUS_PROFILES: readonly StatusProfile[] = [
  { statusId: CLAIM_STATUS.draft, weight: 4, ageDays: [0, 45], submitted: false, selfPay: true },
  { statusId: CLAIM_STATUS.readyToSubmit, weight: 4, ageDays: [1, 20], submitted: false, selfPay: false },
  { statusId: CLAIM_STATUS.submitted, weight: 6, ageDays: [2, 25], submitted: true, selfPay: false },
  { statusId: CLAIM_STATUS.acceptedByPayer, weight: 10, ageDays: [10, 100], submitted: true, selfPay: false },
  { statusId: CLAIM_STATUS.rejected, weight: 2.5, ageDays: [3, 40], submitted: true, selfPay: false },
  { statusId: CLAIM_STATUS.denied, weight: 6, ageDays: [25, 400], submitted: true, selfPay: false },
  { statusId: CLAIM_STATUS.partiallyPaid, weight: 4, ageDays: [25, 400], submitted: true, selfPay: false },
  { statusId: CLAIM_STATUS.paid, weight: 38, ageDays: [20, 425], submitted: true, selfPay: false },
  { statusId: CLAIM_STATUS.patientBalance, weight: 8, ageDays: [25, 400], submitted: true, selfPay: true },
  { statusId: CLAIM_STATUS.closed, weight: 16, ageDays: [60, 425], submitted: true, selfPay: true },
  { statusId: CLAIM_STATUS.void, weight: 1.5, ageDays: [10, 420], submitted: true, selfPay: true },
];

const weightedProfiles: readonly Weighted<StatusProfile>[] = STATUS_PROFILES.map((profile) => ({
  value: profile,
  weight: profile.weight,
}));

/**
 * The status of the claim at `index` in a run: the first claims take every status once, so that
 * even a tiny seed shows each of them; the rest follow the weights.
 */
export function pickStatus(random: Random, index: number): StatusProfile {
  return STATUS_PROFILES[index] ?? random.weighted(weightedProfiles);
}

export interface ProcessingStatus {
  readonly scrubStatusId: number;
  readonly submitStatusId: number;
}

export function processingStatus(random: Random, statusId: ClaimStatusId, wasSubmitted: boolean): ProcessingStatus {
  const passed = random.chance(0.93) ? SCRUB_STATUS.passed : SCRUB_STATUS.forcefullyPassed;
  switch (statusId) {
    case CLAIM_STATUS.draft:
      // Not Failed: a failed scrub needs the scrub engine's error rows, which only it should write.
      return { scrubStatusId: SCRUB_STATUS.notScrubbed, submitStatusId: SUBMIT_STATUS.notSubmitted };
    case CLAIM_STATUS.readyToSubmit:
      return { scrubStatusId: passed, submitStatusId: SUBMIT_STATUS.notSubmitted };
    case CLAIM_STATUS.submitted:
      return { scrubStatusId: passed, submitStatusId: SUBMIT_STATUS.submitted };
    case CLAIM_STATUS.rejected:
      return { scrubStatusId: passed, submitStatusId: SUBMIT_STATUS.rejectedByClearinghouse };
    case CLAIM_STATUS.void:
      return wasSubmitted
        ? { scrubStatusId: passed, submitStatusId: SUBMIT_STATUS.acceptedByClearinghouse }
        : { scrubStatusId: SCRUB_STATUS.notScrubbed, submitStatusId: SUBMIT_STATUS.notSubmitted };
    case CLAIM_STATUS.acceptedByPayer:
    case CLAIM_STATUS.denied:
    case CLAIM_STATUS.partiallyPaid:
    case CLAIM_STATUS.paid:
    case CLAIM_STATUS.patientBalance:
    case CLAIM_STATUS.closed:
      return wasSubmitted
        ? { scrubStatusId: passed, submitStatusId: SUBMIT_STATUS.acceptedByClearinghouse }
        : { scrubStatusId: SCRUB_STATUS.notScrubbed, submitStatusId: SUBMIT_STATUS.notSubmitted };
  }
}
