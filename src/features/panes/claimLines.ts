import type { ChargeLine } from '../../../contract/claimDetail.ts';
import { PAYMENT_ENTRY_TYPES, type LedgerRow } from '../../../contract/ledger.ts';
import { adjustmentCode, entryTypeText } from './billingText.ts';

/** One adjustment code on a line as the payer sent it, summed: CO-45 $40.00. */
export interface LineAdjustment {
  code: string;
  description: string | null;
  /** Positive: what the code took off the line (0 for markers such as a denial or PR share). */
  amount: number;
}

/**
 * How the payer left a line: 'settled' nothing left to collect; 'open' part of it still owed;
 * 'denied' a denial with money still owed; 'unanswered' nothing posted yet.
 */
export type LineOutcome = 'settled' | 'open' | 'denied' | 'unanswered';

export interface ComparedLine {
  lineNumber: number;
  chargeID: number;
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
  adjustments: LineAdjustment[];
  outcome: LineOutcome;
}

/**
 * Lines up a claim's charges with what was posted against each (Claim vs ERA), in line order, so
 * the billed side and the remitted side read across row by row.
 */
export function compareLines(charges: readonly ChargeLine[], ledger: readonly LedgerRow[]): ComparedLine[] {
  return [...charges]
    .sort((a, b) => a.lineNumber - b.lineNumber)
    .map((charge) => {
      const postings = ledger.filter((row) => row.chargeID === charge.chargeID && row.entryType !== 'charge');
      const byCode = new Map<string, LineAdjustment>();
      for (const row of postings) {
        if (PAYMENT_ENTRY_TYPES.includes(row.entryType) || (!row.reasonCode && row.amount === 0)) continue;
        const code = row.reasonCode ? adjustmentCode(row.groupCode, row.reasonCode) : entryTypeText(row.entryType);
        const entry = byCode.get(code) ?? { code, description: row.reasonDescription, amount: 0 };
        entry.amount -= row.amount;
        byCode.set(code, entry);
      }
      const denied = postings.some((row) => row.entryType === 'denial');
      const payerPaid = postings.filter((row) => row.entryType === 'insurance_payment').reduce((sum, row) => sum - row.amount, 0);
      let outcome: LineOutcome = 'settled';
      if (postings.length === 0) outcome = 'unanswered';
      else if (charge.balance !== 0) outcome = denied ? 'denied' : 'open';
      return {
        lineNumber: charge.lineNumber,
        chargeID: charge.chargeID,
        procedure: { cptCode: charge.cptCode, modifiers: charge.modifiers },
        units: charge.units,
        dosFrom: charge.dosFrom,
        dosTo: charge.dosTo,
        billed: charge.charge,
        paid: charge.paid,
        payerPaid,
        patientPaid: charge.paid - payerPaid,
        adjusted: charge.adjusted,
        balance: charge.balance,
        adjustments: [...byCode.values()],
        outcome,
      };
    });
}
