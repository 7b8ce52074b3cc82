/** What applying one acknowledgement or status file came to, gathered while it is applied. */
export interface FileOutcome {
  groupIDs: Set<number>;
  batchIDs: Set<number>;
  batches: { submissionBatchID: number; status: string }[];
  claims: { claimID: number; outcome: string }[];
  /** Claims this file turned back (their status went to Rejected). */
  rejectedClaimIDs: number[];
  /** What the file names that we did not send: unknown batches and claims, in words. */
  unknown: string[];
  inquiryIDs: Set<number>;
}

export function newOutcome(): FileOutcome {
  return {
    groupIDs: new Set(),
    batchIDs: new Set(),
    batches: [],
    claims: [],
    rejectedClaimIDs: [],
    unknown: [],
    inquiryIDs: new Set(),
  };
}
