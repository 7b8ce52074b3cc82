/** What the batch screens say about a batch's money and rows, in the biller's words. */
import type { BatchesReply, BatchLedgerRow, PaymentBatch } from '../../../contract/batches.ts';
import { LEDGER_ENTRY_TYPES, type LedgerEntryType } from '../../../contract/ledger.ts';
import { formatCents } from '../../../contract/money.ts';
import { entryTypeText } from '../panes/billingText.ts';

/** A row of the document batch list (getBatchesData), which carries no batch type. */
export type DocumentBatchRow = BatchesReply['batches'][number];

/** The newest batches a list shows at once (the server's page limit): a month of deposits of a large group. */
export const BATCH_PAGE_SIZE = 500;

/**
 * Whether what was posted from a payment batch matches its deposit total, the difference spelt
 * out: a batch with money still to post, or with more posted than was deposited, cannot be
 * reconciled.
 */
export function postedVsTotalText(total: number, posted: number): string {
  const difference = total - posted;
  if (difference === 0) return `Balanced: ${formatCents(posted)} posted, the batch total.`;
  if (difference > 0)
    return `${formatCents(difference)} still to post: ${formatCents(posted)} posted of ${formatCents(total)}.`;
  return `${formatCents(-difference)} posted over the batch total: ${formatCents(posted)} posted of ${formatCents(total)}.`;
}

/**
 * A charge batch: what the superbills were expected to add up to against what its claims add up
 * to. A batch opened without an expected total (0) is not off, it was just not counted.
 */
export function enteredVsExpectedText(expected: number, entered: number): string {
  if (expected === 0) return `${formatCents(entered)} entered; no expected total was given.`;
  const difference = expected - entered;
  if (difference === 0) return `Balanced: ${formatCents(entered)} entered, the expected total.`;
  if (difference > 0)
    return `${formatCents(difference)} still to enter: ${formatCents(entered)} entered of ${formatCents(expected)}.`;
  return `${formatCents(-difference)} entered over the expected total: ${formatCents(entered)} of ${formatCents(expected)}.`;
}

/** The payer of an insurance batch, or where its money comes from when none was named. */
export function paymentSourceText(batch: Pick<PaymentBatch, 'payerName' | 'paymentSource'>): string {
  return batch.payerName ?? (batch.paymentSource === 'patient' ? 'Patient payments' : 'Insurance');
}

export const statusText = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

const isEntryType = (value: string): value is LedgerEntryType =>
  (LEDGER_ENTRY_TYPES as readonly string[]).includes(value);

/** A ledger row's type as the claim's postings name it; a type the list does not know, in words. */
export const postingTypeText = (entryType: string) =>
  isEntryType(entryType) ? entryTypeText(entryType) : statusText(entryType.replace(/_/g, ' '));

/** A ledger row's link to its reversal: the row that undid it, or the row it undoes. */
export function reversalText(row: Pick<BatchLedgerRow, 'reversesLedgerID' | 'reversedByLedgerID'>): string {
  if (row.reversedByLedgerID !== null) return `Reversed by ${row.reversedByLedgerID}`;
  if (row.reversesLedgerID !== null) return `Reverses ${row.reversesLedgerID}`;
  return '';
}

/** A file's size as the biller reads it. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(Math.round((bytes / 1024 / 1024) * 10) / 10).toFixed(1)} MB`;
}
