/**
 * What a write-off takes from each charge line, decided before anything is written: pure, so the
 * single write-off and every claim of a bulk run follow the same rules.
 */
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { formatCents } from '../../../contract/money.ts';

export interface PlanClaim {
  claimStatusId: number;
  balanceCents: number;
}

export interface PlanLine {
  chargeId: number;
  lineNumber: number;
  chargeStatus: string;
  balanceCents: number;
}

export interface LinePart {
  chargeId: number;
  cents: number;
}

export type WriteOffPlan = { ok: true; amountCents: number; parts: LinePart[] } | { ok: false; reason: string };

/**
 * Statuses a claim leaves for Closed when a write-off settles it. Not Submitted and Accepted by
 * Payer: the payer's answer is still to come and must find the claim open to be posted against.
 * Closed and Void are never written off to zero from here (Void is refused, Closed has nothing
 * left to close).
 */
const CLOSES_WHEN_SETTLED: ReadonlySet<number> = new Set([
  CLAIM_STATUS.draft,
  CLAIM_STATUS.readyToSubmit,
  CLAIM_STATUS.rejected,
  CLAIM_STATUS.denied,
  CLAIM_STATUS.partiallyPaid,
  CLAIM_STATUS.paid,
  CLAIM_STATUS.patientBalance,
]);

/** Lines a write-off may take from: a void or deleted line had its charge reversed and owes nothing. */
const LIVE_LINE: ReadonlySet<string> = new Set(['active', 'hold']);

/** The claim's status once the write-off has left `balanceAfter` on it. */
export function statusAfterWriteOff(claimStatusId: number, balanceAfterCents: number): number {
  return balanceAfterCents === 0 && CLOSES_WHEN_SETTLED.has(claimStatusId) ? CLAIM_STATUS.closed : claimStatusId;
}

/**
 * Spreads `amountCents` (the whole balance when null) over the lines in the order given (line
 * order), taking from each live line at most what it owes, so no line goes below
 * zero and the parts add up to the amount exactly. A line with a credit balance keeps it, which
 * is why the amount is also capped by the claim's balance: the claim never goes below zero either.
 */
export function planWriteOff(claim: PlanClaim, lines: readonly PlanLine[], amountCents: number | null): WriteOffPlan {
  if (claim.claimStatusId === CLAIM_STATUS.void)
    return { ok: false, reason: 'The claim is void: nothing on it can be written off.' };
  if (claim.balanceCents <= 0)
    return { ok: false, reason: `Nothing to write off: the claim's balance is ${formatCents(claim.balanceCents)}.` };
  const amount = amountCents ?? claim.balanceCents;
  if (amount <= 0) return { ok: false, reason: 'The write-off amount must be more than $0.00.' };
  if (amount > claim.balanceCents) {
    return {
      ok: false,
      reason: `The write-off (${formatCents(amount)}) is more than the claim's balance of ${formatCents(claim.balanceCents)}.`,
    };
  }
  const open = lines.filter((line) => LIVE_LINE.has(line.chargeStatus) && line.balanceCents > 0);
  const openCents = open.reduce((sum, line) => sum + line.balanceCents, 0);
  if (amount > openCents) {
    return {
      ok: false,
      reason: `The write-off (${formatCents(amount)}) is more than the ${formatCents(openCents)} still owed on the claim's active lines.`,
    };
  }
  const parts: LinePart[] = [];
  let left = amount;
  for (const line of open) {
    if (left === 0) break;
    const cents = Math.min(line.balanceCents, left);
    parts.push({ chargeId: line.chargeId, cents });
    left -= cents;
  }
  return { ok: true, amountCents: amount, parts };
}
