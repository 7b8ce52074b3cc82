import type { ChargeLine } from '../../../contract/claimDetail.ts';
import type { ClaimEraAnswer } from '../../../contract/eraAnswers.ts';
import type { LedgerRow } from '../../../contract/ledger.ts';
import { formatCents } from '../../../contract/money.ts';
import { adjustmentCode, entryTypeText, procedureText } from './billingText.ts';

/** One adjustment code on a line as the payer sent it, summed: CO-45 $40.00. */
export interface LineAdjustment {
  code: string;
  description: string | null;
  /** Positive: what the code took off the line (0 for markers such as a denial or PR share). */
  amount: number;
}

/**
 * How the payer left a line: 'settled' nothing left to collect; 'open' part of it still owed;
 * 'denied' a denial with money still owed; 'to post' answered by an ERA not posted yet;
 * 'unanswered' no answer at all; 'unmatched' an ERA line linked to none of the claim's charges.
 */
export type LineOutcome = 'settled' | 'open' | 'denied' | 'to post' | 'unanswered' | 'unmatched';

/** The ERA line that answered a charge, as the payer sent it. */
export interface EraAnswerLine {
  eraLineID: number;
  eraCheckID: number;
  traceNumber: string;
  posted: boolean;
  procedure: { cptCode: string; modifiers: readonly string[] };
  billed: number;
  allowed: number | null;
  paid: number;
  adjustments: LineAdjustment[];
  remarks: { code: string; description: string | null }[];
}

export interface ComparedLine {
  /** The charge's line number; for an ERA line linked to no charge, minus its ERA line ID (the row's identity across both panes). */
  rowNumber: number;
  lineNumber: number | null;
  chargeID: number | null;
  procedure: { cptCode: string; modifiers: readonly string[] };
  units: number;
  dosFrom: string;
  dosTo: string;
  billed: number;
  /** All money received on the line; the payer's part and the patient's part of it below. */
  paid: number;
  payerPaid: number;
  patientPaid: number;
  adjusted: number;
  /** Billed minus paid minus adjusted: the difference the biller has to chase. */
  balance: number;
  /** Adjustments as posted to the ledger. */
  adjustments: LineAdjustment[];
  /** The newest ERA line that answered this charge, posted or not. */
  era: EraAnswerLine | null;
  /** Where what we billed and what the payer answered (or what was posted) disagree, in words. */
  differences: string[];
  outcome: LineOutcome;
}

/** Money received or refunded: not an adjustment. The server's figure model says where each row counts (a reversal where the row it reverses does). */
const MONEY = new Set<LedgerRow['figure']>(['insurancePaid', 'patientPaid', 'refunds', 'charges']);

function postedAdjustments(postings: readonly LedgerRow[]): LineAdjustment[] {
  const byCode = new Map<string, LineAdjustment>();
  for (const row of postings) {
    if (MONEY.has(row.figure) || (!row.reasonCode && row.amount === 0)) continue;
    const code = row.reasonCode ? adjustmentCode(row.groupCode, row.reasonCode) : entryTypeText(row.entryType);
    const entry = byCode.get(code) ?? { code, description: row.reasonDescription, amount: 0 };
    entry.amount -= row.amount;
    byCode.set(code, entry);
  }
  return [...byCode.values()];
}

function eraLinesOf(
  answers: readonly ClaimEraAnswer[],
): (EraAnswerLine & { chargeID: number | null; units: number | null; serviceDate: string | null })[] {
  return answers.flatMap((answer) =>
    answer.claim.lines.map((line) => {
      const byCode = new Map<string, LineAdjustment>();
      for (const adjustment of line.adjustments) {
        const code = adjustmentCode(adjustment.group, adjustment.reason);
        const entry = byCode.get(code) ?? { code, description: adjustment.description, amount: 0 };
        entry.amount += adjustment.amount;
        byCode.set(code, entry);
      }
      return {
        eraLineID: line.eraLineID,
        eraCheckID: answer.eraCheckID,
        traceNumber: answer.traceNumber,
        posted: answer.claim.posted,
        procedure: { cptCode: line.procedureCode, modifiers: line.modifiers },
        billed: line.billed,
        allowed: line.allowed,
        paid: line.paid,
        adjustments: [...byCode.values()],
        remarks: line.remarks,
        chargeID: line.chargeID,
        units: line.units,
        serviceDate: line.serviceDate,
      };
    }),
  );
}

function differencesOf(charge: ChargeLine, era: EraAnswerLine | null, payerPaid: number): string[] {
  if (era === null) return [];
  const found: string[] = [];
  const ours = procedureText(charge.cptCode, charge.modifiers);
  const theirs = procedureText(era.procedure.cptCode, era.procedure.modifiers);
  if (ours !== theirs) found.push(`Billed as ${ours}; the payer answered ${theirs}.`);
  if (era.billed !== charge.charge)
    found.push(`Billed ${formatCents(charge.charge)}; the payer read ${formatCents(era.billed)}.`);
  if (era.posted && payerPaid !== era.paid)
    found.push(`Posted ${formatCents(payerPaid)} from payers; this ERA paid ${formatCents(era.paid)}.`);
  if (era.paid === 0 && era.adjustments.some((entry) => !entry.code.startsWith('PR')))
    found.push(`Not paid: ${era.adjustments.map((entry) => entry.code).join(', ')}.`);
  return found;
}

/**
 * Lines up a claim's charges with what the payer answered for each (the newest ERA line linked to
 * the charge, posted or not) and with what was posted against it, in line order, so the billed
 * side and the remitted side read across row by row. ERA lines linked to none of the charges
 * follow, so a biller can link them.
 */
export function compareLines(
  charges: readonly ChargeLine[],
  ledger: readonly LedgerRow[],
  answers: readonly ClaimEraAnswer[] = [],
): ComparedLine[] {
  const eraLines = eraLinesOf(answers);
  const compared = [...charges]
    .sort((a, b) => a.lineNumber - b.lineNumber)
    .map((charge): ComparedLine => {
      const postings = ledger.filter((row) => row.chargeID === charge.chargeID && row.entryType !== 'charge');
      const denied = postings.some((row) => row.entryType === 'denial');
      const payerPaid = charge.insurancePaid;
      const era = eraLines.find((line) => line.chargeID === charge.chargeID) ?? null;
      let outcome: LineOutcome = 'settled';
      if (postings.length === 0) outcome = era !== null && !era.posted ? 'to post' : 'unanswered';
      else if (charge.balance !== 0) outcome = denied ? 'denied' : 'open';
      return {
        rowNumber: charge.lineNumber,
        lineNumber: charge.lineNumber,
        chargeID: charge.chargeID,
        procedure: { cptCode: charge.cptCode, modifiers: charge.modifiers },
        units: charge.units,
        dosFrom: charge.dosFrom,
        dosTo: charge.dosTo,
        billed: charge.charge,
        paid: charge.paid,
        payerPaid,
        patientPaid: charge.patientPaid,
        adjusted: charge.adjusted,
        balance: charge.balance,
        adjustments: postedAdjustments(postings),
        era,
        differences: differencesOf(charge, era, payerPaid),
        outcome,
      };
    });
  const unmatched = eraLines
    .filter((line) => line.chargeID === null)
    .map((line): ComparedLine => ({
      rowNumber: -line.eraLineID,
      lineNumber: null,
      chargeID: null,
      procedure: line.procedure,
      units: line.units ?? 0,
      dosFrom: line.serviceDate ?? '',
      dosTo: line.serviceDate ?? '',
      billed: 0,
      paid: 0,
      payerPaid: 0,
      patientPaid: 0,
      adjusted: 0,
      balance: 0,
      adjustments: [],
      era: line,
      differences: [
        line.posted
          ? 'This ERA line is linked to none of the claim’s charges.'
          : 'This ERA line is linked to none of the claim’s charges: L links it.',
      ],
      outcome: 'unmatched',
    }));
  return [...compared, ...unmatched];
}
