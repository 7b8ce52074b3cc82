/**
 * The 835's own arithmetic, checked before anything is posted (TR3 1.10.2.1): on every line the
 * charge less its adjustments is what was paid; on every claim the charge less the claim's and its
 * lines' adjustments is what was paid; and the claims' payments less the provider-level
 * adjustments are the check's total. A file that does not add up is shown with the differences and
 * is posted only by a biller who confirms it.
 */
import { formatCents } from '../../../contract/money.ts';
import type { EraAdjustment, EraCheck, EraClaim } from './eraModel.ts';

export interface Imbalance {
  level: 'line' | 'claim' | 'check';
  /** CLP01 of the claim (null for the check). */
  claimID: string | null;
  /** 1-based service line within its claim (null above line level). */
  lineNumber: number | null;
  /** What the other figures say should have been paid. */
  expectedCents: number;
  /** What the file says was paid. */
  paidCents: number;
  /** paid - expected. */
  differenceCents: number;
  /** Segment ordinal to point at. */
  position: number;
  message: string;
}

const sum = (adjustments: readonly EraAdjustment[]) =>
  adjustments.reduce((total, adjustment) => total + adjustment.cents, 0);

function imbalance(
  level: Imbalance['level'],
  where: string,
  claimID: string | null,
  lineNumber: number | null,
  expectedCents: number,
  paidCents: number,
  position: number,
  what: string,
): Imbalance {
  const differenceCents = paidCents - expectedCents;
  return {
    level,
    claimID,
    lineNumber,
    expectedCents,
    paidCents,
    differenceCents,
    position,
    message: `${where}: ${what} come to ${formatCents(expectedCents)}, but ${formatCents(paidCents)} was paid (a difference of ${formatCents(differenceCents)}).`,
  };
}

/**
 * The claim interest (AMT*I) the payer put into the claim's payment (CLP04): the whole of it when
 * the claim's charge less its adjustments falls short of CLP04 by exactly the interest, else none
 * (a payer that pays interest at provider level, PLB L6, reports AMT*I for information only).
 * Interest is the check's income: it is never posted against a patient's balance.
 */
export function interestInPayment(
  claim: Pick<EraClaim, 'chargeCents' | 'paidCents' | 'interestCents' | 'adjustments' | 'lines'>,
): number {
  if (claim.interestCents === 0) return 0;
  const adjusted =
    claim.chargeCents - sum(claim.adjustments) - claim.lines.reduce((total, line) => total + sum(line.adjustments), 0);
  return claim.paidCents - adjusted === claim.interestCents ? claim.interestCents : 0;
}

/** Every place `check` does not add up; empty when it balances. */
export function imbalancesOf(check: EraCheck): Imbalance[] {
  const found: Imbalance[] = [];
  let claimsPaid = 0;
  for (const claim of check.claims) {
    claimsPaid += claim.paidCents;
    let lineAdjustments = 0;
    claim.lines.forEach((line, index) => {
      const adjusted = sum(line.adjustments);
      lineAdjustments += adjusted;
      const expected = line.chargeCents - adjusted;
      if (expected !== line.paidCents) {
        found.push(
          imbalance(
            'line',
            `Claim ${claim.claimID}, line ${index + 1} (${line.procedure})`,
            claim.claimID,
            index + 1,
            expected,
            line.paidCents,
            line.position,
            'the charge less its adjustments',
          ),
        );
      }
    });
    const expected = claim.chargeCents - sum(claim.adjustments) - lineAdjustments + interestInPayment(claim);
    if (expected !== claim.paidCents) {
      found.push(
        imbalance(
          'claim',
          `Claim ${claim.claimID}`,
          claim.claimID,
          null,
          expected,
          claim.paidCents,
          claim.position,
          'the charge less the claim and line adjustments',
        ),
      );
    }
  }
  const providerAdjustments = check.providerAdjustments.reduce((total, adjustment) => total + adjustment.cents, 0);
  const expected = claimsPaid - providerAdjustments;
  const total = check.creditDebit === 'D' ? -check.totalCents : check.totalCents;
  if (expected !== total) {
    found.push(
      imbalance(
        'check',
        `Check ${check.traceNumber}`,
        null,
        null,
        expected,
        total,
        check.position,
        'the claim payments less the provider adjustments',
      ),
    );
  }
  return found;
}
