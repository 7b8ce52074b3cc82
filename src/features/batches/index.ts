/** What commands may use of the batch screens: where they are. */
export { CHARGE_BATCHES_PATH, DOCUMENT_BATCHES_PATH, PAYMENT_BATCHES_PATH, paymentBatchPath } from './batchPaths.ts';
export type { DocumentBatchRow } from './batchText.ts';
