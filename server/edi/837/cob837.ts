import type { SegmentData } from '../x12/writeX12.ts';
import { claimProblem } from './build837Error.ts';
import type { Adjustment837, Charge837, Claim837, Coverage837, PrimaryAdjudication837 } from './claim837.ts';
import { filingIndicator, responsibility, type Kind837 } from './codes837.ts';
import { date8, identifier, money, quantity } from './format837.ts';
import { payerName, subscriberName } from './parties837.ts';
import { procedure } from './procedure837.ts';

/** A CAS segment holds six reason-amount-quantity triplets. */
const CAS_TRIPLETS = 6;

/** CAS segments: one group code per segment, in the order the groups first appear. */
export function adjustmentSegments(adjustments: readonly Adjustment837[]): SegmentData[] {
  const byGroup = new Map<string, Adjustment837[]>();
  for (const adjustment of adjustments) {
    const group = byGroup.get(adjustment.groupCode);
    if (group === undefined) byGroup.set(adjustment.groupCode, [adjustment]);
    else group.push(adjustment);
  }
  const segments: SegmentData[] = [];
  for (const [groupCode, group] of byGroup) {
    for (let start = 0; start < group.length; start += CAS_TRIPLETS) {
      const triplets = group.slice(start, start + CAS_TRIPLETS).flatMap((adjustment) => [adjustment.reasonCode, money(adjustment.amountCents), '']);
      segments.push(['CAS', groupCode, ...triplets]);
    }
  }
  return segments;
}

/** The patient's coverage with the payer that adjudicated first. */
export function primaryCoverage(claim: Claim837, primary: PrimaryAdjudication837): Coverage837 {
  const coverage = claim.otherCoverages.find((other) => other.payer.insuranceID === primary.payer.insuranceID);
  if (coverage === undefined) throw claimProblem(claim.claimID, `the primary payer ${primary.payer.name} is not among the patient's coverages, so its subscriber cannot be named.`);
  return coverage;
}

function paidDate(claim: Claim837, primary: PrimaryAdjudication837): string {
  if (primary.paidDate === null) throw claimProblem(claim.claimID, `the primary payer's adjudication date is missing (DTP*573).`);
  return date8(primary.paidDate);
}

/**
 * 2320 other subscriber (SBR, CAS, AMT*D, OI), 2330A other subscriber, 2330B other payer. The
 * claim-level adjudication date goes in 2330B only when no line carries its own (2430).
 */
export function otherPayer(claim: Claim837, kind: Kind837, primary: PrimaryAdjudication837, coverage: Coverage837, linesAdjudicated: boolean): SegmentData[] {
  const segments: SegmentData[] = [
    ['SBR', responsibility(coverage.priority), coverage.subscriberRelation, identifier(coverage.groupNumber, 50), '', '', '', '', '', filingIndicator(coverage.payer.insuranceType, kind)],
    ...adjustmentSegments(primary.adjustments),
    ['AMT', 'D', money(primary.paidCents)],
    kind === 'P' ? ['OI', '', '', 'Y', 'P', '', 'Y'] : ['OI', '', '', 'Y', '', '', 'Y'],
    subscriberName(claim, coverage),
    ...payerName(primary.payer),
  ];
  if (!linesAdjudicated && primary.paidDate !== null) segments.push(['DTP', '573', 'D8', date8(primary.paidDate)]);
  return segments;
}

/** 2430 for one line: what the primary paid (SVD), its adjustments (CAS) and when (DTP*573). */
export function lineAdjudication(claim: Claim837, kind: Kind837, charge: Charge837, primary: PrimaryAdjudication837): SegmentData[] {
  const line = primary.lines.find((paid) => paid.chargeID === charge.chargeID);
  if (line === undefined) return [];
  const svd: SegmentData =
    kind === 'P'
      ? ['SVD', primary.payer.payerID, money(line.paidCents), procedure(claim, charge), '', quantity(charge.units)]
      : ['SVD', primary.payer.payerID, money(line.paidCents), charge.cptCode.trim() === '' ? '' : procedure(claim, charge), (charge.revenueCode ?? '').trim(), quantity(charge.units)];
  return [svd, ...adjustmentSegments(line.adjustments), ['DTP', '573', 'D8', paidDate(claim, primary)]];
}
