import type { Cents } from '../../../contract/money.ts';
import type { SegmentData } from '../x12/writeX12.ts';
import { claimProblem } from './build837Error.ts';
import type { Claim837 } from './claim837.ts';
import { claimHeader, placeOfService } from './claimHeader837.ts';
import { liabilityByLine, otherPayer, primaryCoverage } from './cob837.ts';
import type { Kind837 } from './codes837.ts';
import { icd } from './format837.ts';
import { patient, SELF, subscriber } from './parties837.ts';
import { claimProviders } from './providers837.ts';
import { serviceLine } from './serviceLines837.ts';

const MAX_LINES: Record<Kind837, number> = { P: 50, I: 999 };

/** The next free HL01 of the transaction being written. */
export interface HLCounter {
  next: number;
}

/**
 * One claim from its subscriber level down to its last line: 2000B (and 2000C when the patient
 * is not the subscriber), 2300, 2310, 2320/2330 for a secondary claim, then 2400 per line.
 * Void charges are not billed; CLM02 is the sum of the lines written, so the file balances.
 */
export function claimLoops(claim: Claim837, kind: Kind837, hl: HLCounter, billingHL: number): SegmentData[] {
  const coverage = claim.coverage;
  if (coverage === null) throw claimProblem(claim.claimID, 'no coverage to bill: the claim has no payer.');
  const lines = claim.charges.filter((charge) => charge.chargeStatus !== 'void');
  if (lines.length === 0) throw claimProblem(claim.claimID, 'no billable line (every charge is void).');
  if (lines.length > MAX_LINES[kind])
    throw claimProblem(claim.claimID, `${lines.length} lines: an 837${kind} claim carries at most ${MAX_LINES[kind]}.`);
  let total: Cents = 0;
  for (const line of lines) total += line.chargeCents;

  const diagnoses = [...claim.diagnoses].sort((left, right) => left.sequence - right.sequence);
  const pointerOf = new Map(diagnoses.map((diagnosis, index) => [diagnosis.sequence, index + 1]));
  const claimPOS = kind === 'P' ? placeOfService(claim) : '';

  const subscriberHL = hl.next++;
  const segments = subscriber(claim, coverage, kind, subscriberHL, billingHL);
  if (coverage.subscriberRelation !== SELF) segments.push(...patient(claim, coverage, hl.next++, subscriberHL));
  segments.push(
    ...claimHeader(
      claim,
      kind,
      total,
      diagnoses.map((diagnosis) => icd(diagnosis.icdCode)),
      claimPOS,
    ),
    ...claimProviders(claim, kind),
  );
  const primary = claim.primary;
  if (primary !== null) segments.push(...otherPayer(claim, kind, primary, primaryCoverage(claim, primary), lines));
  const context = {
    claim,
    kind,
    claimPOS,
    pointerOf,
    primary,
    liabilityByLine: primary !== null && liabilityByLine(primary, lines),
  };
  lines.forEach((charge, index) => segments.push(...serviceLine(context, charge, index + 1)));
  return segments;
}
