export interface ClaimProblem {
  /** Null for a problem with the batch itself (options, mixed payers). */
  claimID: number | null;
  message: string;
}

/**
 * A batch that cannot be written as asked. Every claim is checked before the error is thrown, so
 * the caller can set aside all the claims named in `problems` at once and build the rest.
 */
export class Build837Error extends Error {
  constructor(readonly problems: ClaimProblem[]) {
    super(
      problems
        .map((problem) => (problem.claimID === null ? problem.message : `Claim ${problem.claimID}: ${problem.message}`))
        .join('\n'),
    );
    this.name = 'Build837Error';
  }
}

/** Stops writing one claim; build837 gathers these per claim into one Build837Error. */
export function claimProblem(claimID: number, message: string): Build837Error {
  return new Build837Error([{ claimID, message }]);
}
