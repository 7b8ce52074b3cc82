/**
 * How the simulated payer adjudicates an accepted claim, decided from the claim ID so the same
 * claim always gets the same answer:
 * - a claim ID ending in 7 is denied: every line CO-50 (not medically necessary), nothing paid;
 * - any other is paid at 80% of the charge (the rest CO-45, over the fee schedule), less the
 *   patient's share by the claim ID's remainder by 3: 0 a $25.00 co-pay on the first line (PR-3), 1 coinsurance of
 *   20% (PR-2), 2 a deductible of up to $50.00 on the first line (PR-1) and coinsurance on the rest;
 * - a paid claim whose ID ends in 0 or 5 is reversed in the payer's next remittance (CLP02 22,
 *   every amount negated) and paid again with coinsurance of 30%, the correction naming the
 *   original (REF*F8).
 * Every line balances (charge = paid + adjustments), so every claim and the check do too.
 */
import type { Adjustment835, Claim835, Line835 } from '../../edi/era/write835.ts';
import type { Claim837 } from './read837.ts';

const numberOf = (claimID: string) => Number(claimID.replace(/\D/g, '').slice(-9) || '0');

export const isDenied = (claimID: string) => numberOf(claimID) % 10 === 7;
export const isReversedLater = (claimID: string) => numberOf(claimID) % 5 === 0 && !isDenied(claimID);

function paidLine(
  claim: Claim837,
  index: number,
  coinsurance: number,
): Omit<Line835, 'procedure' | 'modifiers' | 'units' | 'serviceDate' | 'lineControlNumber' | 'remarks'> {
  const line = claim.lines[index];
  const charge = line?.chargeCents ?? 0;
  const allowed = Math.round(charge * 0.8);
  const kind = numberOf(claim.claimID) % 3;
  let patient: Adjustment835 | null;
  if (kind === 0) patient = index === 0 ? { group: 'PR', reason: '3', cents: Math.min(2500, allowed) } : null;
  else if (kind === 2 && index === 0) patient = { group: 'PR', reason: '1', cents: Math.min(5000, allowed) };
  else patient = { group: 'PR', reason: '2', cents: Math.round(allowed * coinsurance) };
  const adjustments: Adjustment835[] = [];
  if (charge - allowed !== 0) adjustments.push({ group: 'CO', reason: '45', cents: charge - allowed });
  if (patient && patient.cents !== 0) adjustments.push(patient);
  return { chargeCents: charge, paidCents: allowed - (patient?.cents ?? 0), allowedCents: allowed, adjustments };
}

function lineOf(
  claim: Claim837,
  index: number,
): Pick<Line835, 'procedure' | 'modifiers' | 'units' | 'serviceDate' | 'lineControlNumber' | 'remarks'> {
  const line = claim.lines[index];
  return {
    procedure: line?.procedure || line?.revenueCode || '99499',
    modifiers: line?.modifiers ?? [],
    units: line?.units ?? 1,
    serviceDate: line?.serviceDate || claim.statementFrom,
    lineControlNumber: line?.lineControlNumber ?? null,
    remarks: [],
  };
}

/** The claim as the payer first answers it: paid or denied. */
export function adjudicate(claim: Claim837, payerClaimControlNumber: string): Claim835 {
  const denied = isDenied(claim.claimID);
  const lines: Line835[] = claim.lines.map((line, index) =>
    denied
      ? {
          ...lineOf(claim, index),
          chargeCents: line.chargeCents,
          paidCents: 0,
          allowedCents: null,
          adjustments: [{ group: 'CO', reason: '50', cents: line.chargeCents }],
          remarks: ['N115'],
        }
      : { ...lineOf(claim, index), ...paidLine(claim, index, 0.2) },
  );
  return {
    claimID: claim.claimID,
    status: denied ? '4' : '1',
    patient: {
      lastName: claim.patient.lastName,
      firstName: claim.patient.firstName,
      memberID: claim.subscriber.memberID,
    },
    payerClaimControlNumber,
    lines,
  };
}

/** Takes back a claim paid before: every amount of it negated (CLP02 22). */
export function reversal(paid: Claim835): Claim835 {
  return {
    ...paid,
    status: '22',
    lines: paid.lines.map((line) => ({
      ...line,
      chargeCents: -line.chargeCents,
      paidCents: -line.paidCents,
      allowedCents: line.allowedCents === null ? null : -line.allowedCents,
      adjustments: line.adjustments.map((adjustment) => ({ ...adjustment, cents: -adjustment.cents })),
    })),
  };
}

/** The claim paid again after its reversal, with coinsurance of 30%, naming the original. */
export function correction(claim: Claim837, original: Claim835): Claim835 {
  return {
    ...original,
    status: '1',
    payerClaimControlNumber: `${original.payerClaimControlNumber}C`.slice(0, 30),
    originalReference: original.payerClaimControlNumber,
    lines: claim.lines.map((_line, index) => ({ ...lineOf(claim, index), ...paidLine(claim, index, 0.3) })),
  };
}
