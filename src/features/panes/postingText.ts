import type { LedgerRow } from '../../../contract/ledger.ts';
import { formatCents } from '../../../contract/money.ts';
import { formatDate } from '../../ui/format.ts';
import { entryTypeText } from './billingText.ts';

/** The kinds of posting a biller reverses row by row (the server's reversePaymentLedger takes these). */
const REVERSIBLE = new Set<LedgerRow['entryType']>([
  'insurance_payment',
  'patient_payment',
  'contractual_adjustment',
  'adjustment',
  'write_off',
  'refund',
]);

type Posting = Pick<
  LedgerRow,
  'ledgerID' | 'entryType' | 'amount' | 'chargeID' | 'reversedByLedgerID' | 'reversesLedgerID' | 'balanceTransferID'
>;

/** Why the row cannot be reversed, in the biller's words; null when it can. */
export function reverseRefusal(row: Posting): string | null {
  const what = entryTypeText(row.entryType).toLowerCase();
  if (row.reversedByLedgerID !== null)
    return `This ${what} is already reversed (by posting ${row.reversedByLedgerID}).`;
  if (row.entryType === 'reversal')
    return `This row is itself a reversal${row.reversesLedgerID === null ? '' : ` of posting ${row.reversesLedgerID}`}: post the payment again instead.`;
  if (row.entryType === 'charge') return 'A charge is not reversed here: void the line or delete it instead.';
  if (row.entryType === 'advance_application' || row.entryType === 'advance_payment')
    return 'An advance payment is taken back whole, with what it paid: "Reverse advance payment…".';
  // A transfer of the balance to the patient moved no money but who owes it: reversing it hands it back to the payer.
  if (row.entryType === 'patient_responsibility' && row.balanceTransferID != null)
    return row.chargeID === null ? `This ${what} is on no charge line: it cannot be reversed here.` : null;
  if (!REVERSIBLE.has(row.entryType) || row.amount === 0)
    return `This ${what} moved no money: there is nothing to reverse.`;
  if (row.chargeID === null) return `This ${what} is on no charge line: it cannot be reversed here.`;
  return null;
}

/** "Patient payment $50.00 · line 1 99213 · posted 11/20/2026": a posting as a choice or a toast names it. */
export function postingName(
  row: Pick<LedgerRow, 'entryType' | 'amount' | 'chargeLine' | 'cptCode' | 'postingDate' | 'balanceTransferID'>,
): string {
  const line =
    row.chargeLine === null ? null : `line ${row.chargeLine}${row.cptCode === null ? '' : ` ${row.cptCode}`}`;
  return [
    row.balanceTransferID != null && row.entryType === 'patient_responsibility'
      ? 'Balance transfer to patient'
      : `${entryTypeText(row.entryType)} ${formatCents(Math.abs(row.amount))}`,
    line,
    `posted ${formatDate(row.postingDate)}`,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}
