/** The file being applied, and the data role's reach when a biller applies it (null: the clearinghouse's poll, every group). */
export interface AppliedFile {
  id: number;
  name: string | null;
  clearinghouseName: string;
  groupIds: readonly number[] | null;
  practiceIds: readonly number[] | null;
}

/** What applying one acknowledgement or status file came to, gathered while it is applied. */
export interface FileOutcome {
  groupIDs: Set<number>;
  batchIDs: Set<number>;
  batches: { submissionBatchID: number; status: string }[];
  claims: { claimID: number; outcome: string }[];
  /** Claims this file turned back (their status went to Rejected). */
  rejectedClaimIDs: number[];
  /** The same claims with the reason in words and the file it came from, for the notifications. */
  rejections: { claimID: number; reason: string; source: string }[];
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
    rejections: [],
    unknown: [],
    inquiryIDs: new Set(),
  };
}
