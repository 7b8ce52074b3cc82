/**
 * Writes an 835 remittance (005010X221A1) from a check and its claims: what a payer sends back
 * for the claims we billed. Used for the demo (files that pay the demo's submitted claims) and by
 * tests; the check total is worked out from the claims, so what is written always balances unless
 * the caller gives amounts that do not.
 */
import type { SegmentData } from '../x12/writeX12.ts';
import { writeX12 } from '../x12/writeX12.ts';
import type { AdjustmentGroup } from './eraModel.ts';

export interface Adjustment835 {
  group: AdjustmentGroup;
  reason: string;
  cents: number;
}

export interface Line835 {
  procedure: string;
  modifiers: readonly string[];
  chargeCents: number;
  paidCents: number;
  allowedCents: number | null;
  units: number;
  serviceDate: string;
  lineControlNumber: string | null;
  adjustments: readonly Adjustment835[];
  remarks: readonly string[];
}

export interface Claim835 {
  claimID: string;
  status: string;
  patient: { lastName: string; firstName: string; memberID: string };
  payerClaimControlNumber: string;
  lines: readonly Line835[];
  /** Claim-level CAS: they come off the claim's payment (CLP04 = the lines' payments less these). */
  adjustments?: readonly Adjustment835[];
  /** A claim paid at claim level only (no lines): its charge and payment. */
  chargeCents?: number;
  paidCents?: number;
  /** Statement dates (DTM*232/233), for a claim without lines. */
  statementFrom?: string;
  /** REF*F8: on a correction, the payer claim control number of the claim it corrects. */
  originalReference?: string;
  /** AMT*I: prompt-payment interest, included in CLP04. */
  interestCents?: number;
}

export interface ProviderAdjustment835 {
  /** PLB03-1, e.g. WO, L6, FB. */
  reason: string;
  /** PLB03-2. */
  reference: string | null;
  /** Positive: withheld from the check. */
  cents: number;
}

export interface Remittance835 {
  payer: { name: string; identifier: string };
  payee: { name: string; npi: string };
  traceNumber: string;
  /** YYYY-MM-DD. */
  paymentDate: string;
  controlNumber: number;
  claims: readonly Claim835[];
  providerAdjustments?: readonly ProviderAdjustment835[];
}

const money = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};
const compact = (date: string) => date.replaceAll('-', '');

function isaField(value: string, width: number): string {
  return value
    .replace(/[~*:^\s]/g, '')
    .slice(0, width)
    .padEnd(width, ' ');
}

/** CAS segments, one group a segment, in the order the groups first appear. */
function adjustmentSegments(adjustments: readonly Adjustment835[]): SegmentData[] {
  const groups = [...new Set(adjustments.map((adjustment) => adjustment.group))];
  return groups.map((group) => {
    const triplets = adjustments
      .filter((adjustment) => adjustment.group === group)
      .flatMap((adjustment) => [adjustment.reason, money(adjustment.cents), '']);
    return ['CAS', group, ...triplets.slice(0, -1)];
  });
}

export function write835(remittance: Remittance835): string {
  const control = String(remittance.controlNumber).padStart(9, '0');
  const date = compact(remittance.paymentDate);
  const body: SegmentData[] = [];
  let total = 0;
  for (const claim of remittance.claims) {
    const claimAdjustments = claim.adjustments ?? [];
    const charge = claim.chargeCents ?? claim.lines.reduce((sum, line) => sum + line.chargeCents, 0);
    const paid =
      (claim.paidCents ??
        claim.lines.reduce((sum, line) => sum + line.paidCents, 0) -
          claimAdjustments.reduce((sum, adjustment) => sum + adjustment.cents, 0)) + (claim.interestCents ?? 0);
    const patientShare = [...claimAdjustments, ...claim.lines.flatMap((line) => line.adjustments)]
      .filter((adjustment) => adjustment.group === 'PR')
      .reduce((part, adjustment) => part + adjustment.cents, 0);
    total += paid;
    body.push(
      [
        'CLP',
        claim.claimID,
        claim.status,
        money(charge),
        money(paid),
        money(patientShare),
        '12',
        claim.payerClaimControlNumber,
      ],
      ...adjustmentSegments(claimAdjustments),
      ['NM1', 'QC', '1', claim.patient.lastName, claim.patient.firstName, '', '', '', 'MI', claim.patient.memberID],
    );
    if (claim.originalReference) body.push(['REF', 'F8', claim.originalReference]);
    if (claim.statementFrom) body.push(['DTM', '232', compact(claim.statementFrom)]);
    if (claim.interestCents) body.push(['AMT', 'I', money(claim.interestCents)]);
    for (const line of claim.lines) {
      body.push(
        [
          'SVC',
          ['HC', line.procedure, ...line.modifiers],
          money(line.chargeCents),
          money(line.paidCents),
          '',
          String(line.units),
        ],
        ['DTM', '472', compact(line.serviceDate)],
      );
      body.push(...adjustmentSegments(line.adjustments));
      if (line.lineControlNumber) body.push(['REF', '6R', line.lineControlNumber]);
      if (line.allowedCents !== null) body.push(['AMT', 'B6', money(line.allowedCents)]);
      for (const remark of line.remarks) body.push(['LQ', 'HE', remark]);
    }
  }
  const providerAdjustments = remittance.providerAdjustments ?? [];
  total -= providerAdjustments.reduce((sum, adjustment) => sum + adjustment.cents, 0);
  for (let start = 0; start < providerAdjustments.length; start += 6) {
    const pairs = providerAdjustments
      .slice(start, start + 6)
      .flatMap((adjustment): (string | string[])[] => [
        adjustment.reference ? [adjustment.reason, adjustment.reference] : adjustment.reason,
        money(adjustment.cents),
      ]);
    body.push(['PLB', remittance.payee.npi, `${date.slice(0, 4)}1231`, ...pairs]);
  }
  const transaction: SegmentData[] = [
    ['ST', '835', '0001'],
    [
      'BPR',
      'I',
      money(total),
      'C',
      'ACH',
      'CCP',
      '01',
      '011000015',
      'DA',
      '123456789',
      '1512345678',
      '',
      '01',
      '011000028',
      'DA',
      '987654321',
      date,
    ],
    [
      'TRN',
      '1',
      remittance.traceNumber,
      `1${remittance.payer.identifier.replace(/\D/g, '').padStart(9, '0').slice(-9)}`,
    ],
    ['DTM', '405', date],
    ['N1', 'PR', remittance.payer.name, 'XV', remittance.payer.identifier],
    ['N1', 'PE', remittance.payee.name, 'XX', remittance.payee.npi],
    ['LX', '1'],
    ...body,
  ];
  return writeX12([
    [
      'ISA',
      '00',
      ' '.repeat(10),
      '00',
      ' '.repeat(10),
      'ZZ',
      isaField(remittance.payer.identifier, 15),
      'ZZ',
      isaField(remittance.payee.npi, 15),
      date.slice(2),
      '1200',
      '^',
      '00501',
      control,
      '0',
      'P',
      ':',
    ],
    [
      'GS',
      'HP',
      remittance.payer.identifier,
      remittance.payee.npi,
      date,
      '1200',
      String(remittance.controlNumber),
      'X',
      '005010X221A1',
    ],
    ...transaction,
    ['SE', String(transaction.length + 1), '0001'],
    ['GE', '1', String(remittance.controlNumber)],
    ['IEA', '1', control],
  ]);
}
