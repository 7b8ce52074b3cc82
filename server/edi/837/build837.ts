import { writeX12, type SegmentData } from '../x12/writeX12.ts';
import { Build837Error, type ClaimProblem } from './build837Error.ts';
import type { Claim837 } from './claim837.ts';
import { claimLoops, type HLCounter } from './claimLoops837.ts';
import { kindOf } from './codes837.ts';
import { checkOptions, closeInterchange, closeTransaction, openInterchange, openTransaction } from './envelope837.ts';
import type { Build837Options } from './options837.ts';
import { billingProvider } from './parties837.ts';

const CLAIMS_PER_TRANSACTION = 5_000;

/** Claims of one practice side by side, so each billing provider level is written once per transaction. */
function byPractice(claims: readonly Claim837[]): Claim837[] {
  const groups = new Map<number, Claim837[]>();
  for (const claim of claims) {
    const group = groups.get(claim.practice.practiceID);
    if (group === undefined) groups.set(claim.practice.practiceID, [claim]);
    else group.push(claim);
  }
  return [...groups.values()].flat();
}

function batchProblems(claims: readonly Claim837[]): ClaimProblem[] {
  const [first] = claims;
  if (first === undefined) return [{ claimID: null, message: 'No claims to write.' }];
  const problems: ClaimProblem[] = [];
  const payerID = claims.find((claim) => claim.coverage !== null)?.coverage?.payer.payerID.trim();
  for (const claim of claims) {
    if (claim.claimType !== first.claimType)
      problems.push({
        claimID: claim.claimID,
        message: `is ${claim.claimType}; this batch is ${first.claimType} (one kind per file).`,
      });
    const claimPayer = claim.coverage?.payer.payerID.trim();
    if (claimPayer !== undefined && payerID !== undefined && claimPayer !== payerID)
      problems.push({
        claimID: claim.claimID,
        message: `bills payer ${claimPayer}; this batch is for payer ${payerID}.`,
      });
  }
  return problems;
}

/**
 * One payer's batch of claims of one kind as an X12 837 interchange: 005010X222A1 (837P) for
 * professional claims, 005010X223A2 (837I) for institutional ones, in one functional group with
 * a transaction per 5,000 claims. Every claim is checked before anything is returned: when any
 * cannot be written, a Build837Error lists all of them.
 */
export function build837(claims: readonly Claim837[], options: Build837Options): string {
  const problems = [...checkOptions(options), ...batchProblems(claims)];
  const [first] = claims;
  if (first === undefined || problems.length > 0) throw new Build837Error(problems);
  const kind = kindOf(first);
  const perTransaction = Math.max(1, options.claimsPerTransaction ?? CLAIMS_PER_TRANSACTION);
  const ordered = byPractice(claims);

  const segments: SegmentData[] = openInterchange(options, kind);
  let transactions = 0;
  for (let start = 0; start < ordered.length; start += perTransaction) {
    transactions++;
    const controlNumber = String(transactions).padStart(4, '0');
    const transactionStart = segments.length;
    segments.push(...openTransaction(options, kind, controlNumber));
    const hl: HLCounter = { next: 1 };
    let practiceID: number | null = null;
    let billingHL = 0;
    for (const claim of ordered.slice(start, start + perTransaction)) {
      if (claim.practice.practiceID !== practiceID) {
        practiceID = claim.practice.practiceID;
        billingHL = hl.next++;
        segments.push(...billingProvider(claim.practice, billingHL));
      }
      try {
        for (const segment of claimLoops(claim, kind, hl, billingHL)) segments.push(segment);
      } catch (error) {
        if (!(error instanceof Build837Error)) throw error;
        problems.push(...error.problems);
      }
    }
    segments.push(closeTransaction(segments.length - transactionStart, controlNumber));
  }
  segments.push(...closeInterchange(options, transactions));
  if (problems.length > 0) throw new Build837Error(problems);
  return writeX12(segments, { lineBreaks: options.lineBreaks ?? true });
}
