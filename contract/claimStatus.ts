/** Fixed ids of the status lookups; the migrations insert the same rows. */
export const CLAIM_STATUS = {
  draft: 1,
  readyToSubmit: 2,
  submitted: 3,
  acceptedByPayer: 4,
  rejected: 5,
  denied: 6,
  partiallyPaid: 7,
  paid: 8,
  patientBalance: 9,
  closed: 10,
  void: 11,
} as const;

export const CLAIM_STATUS_NAMES: Record<number, string> = {
  1: 'Draft',
  2: 'Ready to Submit',
  3: 'Submitted',
  4: 'Accepted by Payer',
  5: 'Rejected',
  6: 'Denied',
  7: 'Partially Paid',
  8: 'Paid',
  9: 'Patient Balance',
  10: 'Closed',
  11: 'Void',
};

export const SCRUB_STATUS = { notScrubbed: 1, passed: 2, failed: 3, forcefullyPassed: 4 } as const;
export const SCRUB_STATUS_NAMES: Record<number, string> = {
  1: 'Not Scrubbed',
  2: 'Passed',
  3: 'Failed',
  4: 'Forcefully Passed',
};

export const SUBMIT_STATUS = {
  notSubmitted: 1,
  submitted: 2,
  acceptedByClearinghouse: 3,
  rejectedByClearinghouse: 4,
} as const;
export const SUBMIT_STATUS_NAMES: Record<number, string> = {
  1: 'Not Submitted',
  2: 'Submitted',
  3: 'Accepted by Clearinghouse',
  4: 'Rejected by Clearinghouse',
};

/**
 * A claim sent to the payer keeps its content as sent, unless the payer turned it back (rejected
 * or denied): then it is corrected and sent again.
 */
export function standsAsSent(claimStatusID: number, submitStatusID: number): boolean {
  const sent = submitStatusID === SUBMIT_STATUS.submitted || submitStatusID === SUBMIT_STATUS.acceptedByClearinghouse;
  return sent && claimStatusID !== CLAIM_STATUS.rejected && claimStatusID !== CLAIM_STATUS.denied;
}
