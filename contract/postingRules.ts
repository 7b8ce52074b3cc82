/**
 * How a payer's adjustment posts: one table, read by the posting and shown to the biller beside
 * every adjustment of an ERA. Money is never moved by a rule that is not in this table.
 *
 * - `write_off`: lowers the balance (the payer will not pay it, and neither will the patient).
 * - `patient`: the patient owes it; nothing is written off, a $0.00 marker row says who owes.
 * - `informational`: no ledger money at all (CARC 23: what an earlier payer already did).
 *
 * A rule names a group (CAS01) and a reason (CARC), or every reason of the group ('*'); the rule
 * with the reason named wins over the group's '*'.
 */
import type { LedgerEntryType } from './ledger.ts';

export type AdjustmentTreatment = 'write_off' | 'patient' | 'informational';

export interface AdjustmentRule {
  group: 'CO' | 'PR' | 'OA' | 'PI' | 'CR';
  reason: string;
  treatment: AdjustmentTreatment;
  /** The ledger row it writes; null when it writes none. */
  entryType: LedgerEntryType | null;
  /** In the biller's words. */
  meaning: string;
}

export const ADJUSTMENT_RULES: readonly AdjustmentRule[] = [
  {
    group: 'CO',
    reason: '*',
    treatment: 'write_off',
    entryType: 'contractual_adjustment',
    meaning: 'Contractual obligation: written off under the payer contract.',
  },
  {
    group: 'CO',
    reason: '23',
    treatment: 'informational',
    entryType: null,
    meaning: 'Impact of an earlier payer: already posted from that payer, nothing moves.',
  },
  {
    group: 'PR',
    reason: '*',
    treatment: 'patient',
    entryType: 'patient_responsibility',
    meaning: 'Patient responsibility: moves to the patient, nothing is written off.',
  },
  {
    group: 'OA',
    reason: '*',
    treatment: 'write_off',
    entryType: 'adjustment',
    meaning: 'Other adjustment: written off.',
  },
  {
    group: 'OA',
    reason: '23',
    treatment: 'informational',
    entryType: null,
    meaning: 'Impact of an earlier payer: already posted from that payer, nothing moves.',
  },
  {
    group: 'PI',
    reason: '*',
    treatment: 'write_off',
    entryType: 'adjustment',
    meaning: 'Payer-initiated reduction: written off.',
  },
  {
    group: 'PI',
    reason: '23',
    treatment: 'informational',
    entryType: null,
    meaning: 'Impact of an earlier payer: already posted from that payer, nothing moves.',
  },
  {
    group: 'CR',
    reason: '*',
    treatment: 'write_off',
    entryType: 'adjustment',
    meaning: 'Correction: posted as the payer corrected it.',
  },
];

/** The rule for a group and reason: the reason's own, else the group's '*'. */
export function adjustmentRule(group: string, reason: string): AdjustmentRule {
  let fallback: AdjustmentRule | undefined;
  for (const rule of ADJUSTMENT_RULES) {
    if (rule.group !== group) continue;
    if (rule.reason === reason) return rule;
    if (rule.reason === '*') fallback = rule;
  }
  // An unknown group cannot be read from an 835 (the reader refuses it): treat it as a write-off
  // named for what it is, never as money that vanishes.
  return (
    fallback ?? {
      group: 'OA',
      reason: '*',
      treatment: 'write_off',
      entryType: 'adjustment',
      meaning: 'Other adjustment: written off.',
    }
  );
}

/**
 * Provider-level adjustments (PLB03-1) that concern one claim when their reference names it: the
 * payer takes back (or gives back) money of that claim, so its net insurance receipts change.
 * Interest (L6) and the rest are the check's own income or expense, never a patient's balance.
 */
export const CLAIM_PROVIDER_ADJUSTMENTS: Readonly<Record<string, string>> = {
  WO: 'Overpayment recovery',
  '72': 'Authorized return',
  FB: 'Forwarding balance',
  WU: 'Unspecified recovery',
  J1: 'Nonreimbursable',
  CS: 'Adjustment',
};

export const PROVIDER_ADJUSTMENT_NAMES: Readonly<Record<string, string>> = {
  ...CLAIM_PROVIDER_ADJUSTMENTS,
  L6: 'Interest owed',
  '50': 'Late charge',
  '51': 'Interest penalty charge',
  '90': 'Early payment allowance',
  AP: 'Acceleration of benefits',
  B2: 'Rebate',
  B3: 'Recovery allowance',
  BD: 'Bad debt adjustment',
  BN: 'Bonus',
  C5: 'Temporary allowance',
  CR: 'Capitation interest',
  CT: 'Capitation payment',
  CV: 'Capital passthru',
  CW: 'Certified registered nurse anesthetist passthru',
  DM: 'Direct medical education passthru',
  E3: 'Withholding',
  GO: 'Graduate medical education passthru',
  HM: 'Hemophilia clotting factor supplement',
  IP: 'Incentive premium payment',
  IR: 'Internal Revenue Service withholding',
  IS: 'Interim settlement',
  L3: 'Penalty',
  LE: 'Levy',
  LS: 'Lump sum',
  OA: 'Organ acquisition passthru',
  OB: 'Offset for affiliated providers',
  PI: 'Periodic interim payment',
  PL: 'Payment final',
  RA: 'Retro-activity adjustment',
  RE: 'Return on equity',
  SL: 'Student loan repayment',
  TL: 'Third party liability',
};
