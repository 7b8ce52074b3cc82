/**
 * "Apply $50 to this claim": money a patient pays for a claim, or an advance payment's credit
 * applied to it, goes on the claim's open lines in line order, each line up to its balance. Void
 * and deleted lines and lines that owe nothing take none. The per-line postings then go through
 * the same path as lines the biller picked one by one.
 */
import { formatCents } from '../../../contract/money.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { lockClaimBooks } from '../ledger/claimBooks.ts';

export interface SpreadLine {
  chargeId: number;
  lineNumber: number;
  chargeStatus: string;
  balanceCents: number;
}

export interface LineApplication {
  chargeID: number;
  amount: number;
}

const isOpen = (line: SpreadLine) =>
  line.chargeStatus !== 'void' && line.chargeStatus !== 'deleted' && line.balanceCents > 0;

/** What the claim's open lines owe. */
export function owedOnLines(lines: readonly SpreadLine[]): number {
  return lines.filter(isOpen).reduce((sum, line) => sum + line.balanceCents, 0);
}

/** `amount` over the open lines in line order, each up to its balance; what they cannot take is left out. */
export function spreadInLineOrder(lines: readonly SpreadLine[], amount: number): LineApplication[] {
  let left = amount;
  const applications: LineApplication[] = [];
  for (const line of [...lines].sort((a, b) => a.lineNumber - b.lineNumber)) {
    if (left <= 0) break;
    if (!isOpen(line)) continue;
    const part = Math.min(left, line.balanceCents);
    applications.push({ chargeID: line.chargeId, amount: part });
    left -= part;
  }
  return applications;
}

export interface ClaimSpreadRequest {
  claimID: number;
  /** The patient whose money it is: the claim must be theirs. */
  patientID: number;
  /** How much, from what the claim owes (an advance: what it owes, up to the credit left). */
  amount: (owed: number) => number;
  /** The end of a refusal: "nothing was applied.", "nothing was posted." */
  nothingDone: string;
  /** Said after a refusal of more than the claim owes, when there is something to say. */
  tooMuchHint?: string;
}

/**
 * Locks the claim's books (inside the caller's transaction, after what the caller locked first)
 * and spreads the amount over its open lines. Refuses a claim outside `practiceIds` or of another
 * patient, an amount past what the claim owes, and a claim that owes nothing.
 */
export async function spreadOverClaim(
  tx: Queryable,
  practiceIds: readonly number[],
  request: ClaimSpreadRequest,
): Promise<LineApplication[]> {
  const { claimID } = request;
  const owners = await tx.query<{ patientID: number }>(
    `SELECT patient_id AS "patientID" FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])`,
    [claimID, practiceIds],
  );
  const owner = owners[0];
  if (owner === undefined) throw new NotFoundError(`Claim ${claimID} was not found.`);
  if (owner.patientID !== request.patientID)
    throw new BadRequestError(`Claim ${claimID} is not a claim of this patient; ${request.nothingDone}`);
  const book = (await lockClaimBooks(tx, [claimID], practiceIds)).get(claimID);
  if (book === undefined) throw new NotFoundError(`Claim ${claimID} was not found.`);
  const owed = owedOnLines(book.lines);
  if (owed === 0) throw new BadRequestError(`Claim ${claimID} has no open line with a balance; ${request.nothingDone}`);
  const amount = request.amount(owed);
  if (amount > owed)
    throw new BadRequestError(
      `Claim ${claimID} owes ${formatCents(owed)}, less than ${formatCents(amount)}; ${request.nothingDone}${request.tooMuchHint === undefined ? '' : ` ${request.tooMuchHint}`}`,
    );
  return spreadInLineOrder(book.lines, amount);
}
