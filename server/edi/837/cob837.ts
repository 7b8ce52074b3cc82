import type { SegmentData } from '../x12/writeX12.ts';
import { claimProblem } from './build837Error.ts';
import type { Cents } from '../../../contract/money.ts';
import type {
  Adjustment837,
  Charge837,
  Claim837,
  Coverage837,
  LineAdjudication837,
  PrimaryAdjudication837,
} from './claim837.ts';
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
      const triplets = group
        .slice(start, start + CAS_TRIPLETS)
        .flatMap((adjustment) => [
          adjustment.reasonCode,
          money(adjustment.amountCents),
          adjustment.quantity === null || adjustment.quantity === undefined ? '' : quantity(adjustment.quantity),
        ]);
      segments.push(['CAS', groupCode, ...triplets]);
    }
  }
  return segments;
}

/** The patient's coverage with the payer that adjudicated first. */
export function primaryCoverage(claim: Claim837, primary: PrimaryAdjudication837): Coverage837 {
  const coverage = claim.otherCoverages.find((other) => other.payer.insuranceID === primary.payer.insuranceID);
  if (coverage === undefined)
    throw claimProblem(
      claim.claimID,
      `the primary payer ${primary.payer.name} is not among the patient's coverages, so its subscriber cannot be named.`,
    );
  return coverage;
}

const PATIENT_RESPONSIBILITY = 'PR';

function patientShare(adjustments: readonly Adjustment837[]): Cents {
  let cents: Cents = 0;
  for (const adjustment of adjustments)
    if (adjustment.groupCode === PATIENT_RESPONSIBILITY) cents += adjustment.amountCents;
  return cents;
}

/** What the primary left the patient to pay: every PR adjustment it reported, claim and line level. */
export function patientLiability(primary: PrimaryAdjudication837): Cents {
  return (
    primary.patientLiabilityCents ??
    primary.lines.reduce((sum, line) => sum + patientShare(line.adjustments), patientShare(primary.adjustments))
  );
}

/** The primary's answers on the lines this claim bills (2430 is written for these). */
export function adjudicatedLines(primary: PrimaryAdjudication837, billed: readonly Charge837[]): LineAdjudication837[] {
  return primary.lines.filter((line) => billed.some((charge) => charge.chargeID === line.chargeID));
}

/**
 * Where the remaining patient liability (AMT*EAF) goes. Both guides (005010X222A1, X223A2) report
 * it once per other payer, never at both levels: in 2430, line by line, when that payer answered
 * line by line; in 2320 when it answered at claim level only. A patient's share the billed lines
 * do not carry (a claim-level PR adjustment, or a remit line that is not on this claim) can only be
 * told at claim level, so then the whole of it goes in 2320.
 */
export function liabilityByLine(primary: PrimaryAdjudication837, billed: readonly Charge837[]): boolean {
  const lines = adjudicatedLines(primary, billed);
  return (
    lines.length > 0 &&
    lines.reduce((sum, line) => sum + patientShare(line.adjustments), 0) === patientLiability(primary)
  );
}

function checkDate(claim: Claim837, date: string | null | undefined): string {
  if (date === null || date === undefined)
    throw claimProblem(claim.claimID, `the primary payer's adjudication date is missing (DTP*573).`);
  return date8(date);
}

/**
 * 2320 other subscriber (SBR, CAS, AMT*D, AMT*EAF, OI), 2330A other subscriber, 2330B other
 * payer. CAS carries the payer's claim-level adjustments as it sent them, every group; AMT*D what
 * it paid; AMT*EAF the patient's remaining liability when it is not told line by line. The
 * claim-level adjudication date goes in 2330B only when no line carries its own (2430).
 */
export function otherPayer(
  claim: Claim837,
  kind: Kind837,
  primary: PrimaryAdjudication837,
  coverage: Coverage837,
  billed: readonly Charge837[],
): SegmentData[] {
  const linesAdjudicated = adjudicatedLines(primary, billed).length > 0;
  const segments: SegmentData[] = [
    [
      'SBR',
      responsibility(coverage.priority),
      coverage.subscriberRelation,
      identifier(coverage.groupNumber, 50),
      '',
      '',
      '',
      '',
      '',
      filingIndicator(coverage.payer.insuranceType, kind),
    ],
    ...adjustmentSegments(primary.adjustments),
    ['AMT', 'D', money(primary.paidCents)],
  ];
  if (!liabilityByLine(primary, billed)) segments.push(['AMT', 'EAF', money(patientLiability(primary))]);
  segments.push(
    kind === 'P' ? ['OI', '', '', 'Y', 'P', '', 'Y'] : ['OI', '', '', 'Y', '', '', 'Y'],
    subscriberName(claim, coverage),
    ...payerName(primary.payer),
  );
  if (!linesAdjudicated && primary.paidDate !== null) segments.push(['DTP', '573', 'D8', date8(primary.paidDate)]);
  return segments;
}

/**
 * 2430 for one line: what the primary paid on it and the units it paid (SVD), its adjustments as
 * sent (CAS), when (DTP*573: the check of the latest remit that answered the line) and, when the
 * liability is told line by line, what the patient still owes on it (AMT*EAF).
 */
export function lineAdjudication(
  claim: Claim837,
  kind: Kind837,
  charge: Charge837,
  primary: PrimaryAdjudication837,
  byLine: boolean,
): SegmentData[] {
  const line = primary.lines.find((paid) => paid.chargeID === charge.chargeID);
  if (line === undefined) return [];
  const units = quantity(line.paidUnits ?? charge.units);
  const svd: SegmentData =
    kind === 'P'
      ? ['SVD', primary.payer.payerID, money(line.paidCents), procedure(claim, charge), '', units]
      : [
          'SVD',
          primary.payer.payerID,
          money(line.paidCents),
          charge.cptCode.trim() === '' ? '' : procedure(claim, charge),
          (charge.revenueCode ?? '').trim(),
          units,
        ];
  const segments: SegmentData[] = [
    svd,
    ...adjustmentSegments(line.adjustments),
    ['DTP', '573', 'D8', checkDate(claim, line.paidDate ?? primary.paidDate)],
  ];
  if (byLine) segments.push(['AMT', 'EAF', money(patientShare(line.adjustments))]);
  return segments;
}
