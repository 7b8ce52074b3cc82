/** Where the batch screens live; their detail paths are permitted by the list's menu link. */
export const PAYMENT_BATCHES_PATH = '/app/payment-batches';
export const CHARGE_BATCHES_PATH = '/app/charge-batches';
export const DOCUMENT_BATCHES_PATH = '/app/document-batches';

export const paymentBatchPath = (paymentBatchID: number | string) => `/app/payment-batch/${paymentBatchID}`;
export const chargeBatchPath = (chargeBatchID: number | string) => `/app/charge-batch/${chargeBatchID}`;
export const documentBatchPath = (documentBatchID: number | string) => `/app/document-batch/${documentBatchID}`;

/** The batch ID at the end of a detail path, null when the path is not one of `prefix`. */
export function batchIDOf(path: string, prefix: string): number | null {
  const match = new RegExp(`^${prefix}/(\\d{1,15})$`).exec(path);
  return match ? Number(match[1]) : null;
}
