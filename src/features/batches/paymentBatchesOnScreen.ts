/**
 * The payment batch screens' batches, the one under the cursor and a reload counter, in a store
 * so that the palette's batch commands (delete, reassign, reverse) act on the batch the screen's
 * keys would, and the screens read their batches again after a command changed one.
 */
import type { BatchLedgerRow, PaymentBatch } from '../../../contract/batches.ts';
import { defineStore } from '../../state/store.ts';

interface PaymentBatchesScreen {
  /** The batches the list screen shows, null off it or while none are loaded. */
  batches: readonly PaymentBatch[] | null;
  cursorBatchID: number | null;
  /** The batch the detail screen shows, null off it. */
  shown: PaymentBatch | null;
  /** The detail screen's ledger row under its cursor. */
  cursorLedger: BatchLedgerRow | null;
  /** Bumped after a create, reassign, delete or reversal: the screens read again. */
  revision: number;
}

export const paymentBatchesOnScreen = defineStore((): PaymentBatchesScreen => ({ batches: null, cursorBatchID: null, shown: null, cursorLedger: null, revision: 0 }));

export function showPaymentBatches(batches: readonly PaymentBatch[] | null, cursorBatchID: number | null): void {
  paymentBatchesOnScreen.batches = batches;
  paymentBatchesOnScreen.cursorBatchID = cursorBatchID;
}

export function showPaymentBatch(batch: PaymentBatch | null, cursorLedger: BatchLedgerRow | null): void {
  paymentBatchesOnScreen.shown = batch;
  paymentBatchesOnScreen.cursorLedger = cursorLedger;
}

export function paymentBatchesChanged(): void {
  paymentBatchesOnScreen.revision += 1;
}

/** A batch either screen shows now, by its ID. */
export function batchOnScreen(paymentBatchID: number): PaymentBatch | undefined {
  const { shown, batches } = paymentBatchesOnScreen;
  if (shown?.paymentBatchID === paymentBatchID) return shown;
  return batches?.find((batch) => batch.paymentBatchID === paymentBatchID);
}

/** The batch the biller is on: the detail screen's, or the list's cursor batch. */
export function currentBatchID(): number | null {
  return paymentBatchesOnScreen.shown?.paymentBatchID ?? paymentBatchesOnScreen.cursorBatchID;
}
