/** The batch calls: payment, charge and document batches, ledger reversal and deposit reconciliation. */
import {
  type AddChargeBatchRequest,
  type AddDocumentBatchRequest,
  type AddPaymentBatchRequest,
  type BatchesQuery,
  type BatchesReply,
  type BatchSavedReply,
  type ChargeBatchDetailReply,
  type ChargeBatchListQuery,
  type ChargeBatchListReply,
  type DocumentBatchDetailReply,
  type PaymentBatchChargesReply,
  type PaymentBatchDetailReply,
  type MessageReply,
  type PaymentBatchLedgerReply,
  type PaymentBatchListQuery,
  type PaymentBatchListReply,
  type ReconciliationQuery,
  type ReconciliationReply,
  type ReversePaymentLedgerReply,
  type UpdateChargeBatchRequest,
  type UpdateDocumentBatchRequest,
  type UpdatePaymentBatchRequest,
  type UploadBatchDocumentReply,
  type UploadBatchDocumentRequest,
} from '../../contract/batches.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Batches } from '../../contract/calls/batches.ts';
import { Claims } from '../../contract/calls/claims.ts';

export function getPaymentBatches(
  query: Partial<PaymentBatchListQuery>,
  options?: CallOptions,
): Promise<PaymentBatchListReply> {
  return callApi(Batches.getPaymentBatchData, query, options);
}

export function addPaymentBatch(
  body: Omit<AddPaymentBatchRequest, 'documents'>,
  options?: CallOptions,
): Promise<BatchSavedReply> {
  return callApi(Batches.addPaymentBatchAndDocuments, { ...body, documents: [] }, options);
}

/** Changes only the fields given (null empties one); the server refuses a reconciled batch. */
export function updatePaymentBatch(body: UpdatePaymentBatchRequest, options?: CallOptions): Promise<BatchSavedReply> {
  return callApi(Batches.updatePaymentBatch, body, options);
}

/** One more scanned file on a payment, charge or document batch. */
export function uploadBatchDocument(
  body: UploadBatchDocumentRequest,
  options?: CallOptions,
): Promise<UploadBatchDocumentReply> {
  return callApi(Batches.uploadBatchDocument, body, options);
}

export function reassignPaymentBatch(
  paymentBatchID: number,
  assignedUserID: number,
  options?: CallOptions,
): Promise<MessageReply> {
  return callApi(Batches.reassignPaymentBatch, { paymentBatchID, assignedUserID }, options);
}

export function deletePaymentBatch(paymentBatchID: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(Batches.deletePaymentBatchByID, { paymentBatchID }, options);
}

/** The batch with its ledger rows, each saying whether it was reversed. */
export function getPaymentBatchLedger(paymentBatchID: number, options?: CallOptions): Promise<PaymentBatchLedgerReply> {
  return callApi(Batches.getPaymentBatchLedgersPostingByID, { paymentBatchID }, options);
}

/** The batch with every line it posted to and its scanned files. */
export function getPaymentBatchDetail(paymentBatchID: number, options?: CallOptions): Promise<PaymentBatchDetailReply> {
  return callApi(Batches.getPaymentBatchDetailData, { paymentBatchID }, options);
}

/** The batch with the lines it paid (a line it only adjusted is left out). */
export function getPaymentBatchPaidCharges(
  paymentBatchID: number,
  options?: CallOptions,
): Promise<PaymentBatchChargesReply> {
  return callApi(Batches.getPaymentBatchDetailPaidCharges, { paymentBatchID }, options);
}

/** Batches of every kind, or of one, newest first. */
export function getBatches(query: Partial<BatchesQuery>, options?: CallOptions): Promise<BatchesReply> {
  return callApi(Batches.getBatchesData, query, options);
}

/** Charge batches with what was expected against what their claims add up to, newest first. */
export function getChargeBatches(
  query: Partial<ChargeBatchListQuery>,
  options?: CallOptions,
): Promise<ChargeBatchListReply> {
  return callApi(Batches.getBatchChargeProfile, query, options);
}

/** A charge batch with its claims and scanned files. */
export function getChargeBatchDetail(chargeBatchID: number, options?: CallOptions): Promise<ChargeBatchDetailReply> {
  return callApi(Batches.getChargeBatchDetailByID, { chargeBatchID }, options);
}

/** A document batch with its scanned files. */
export function getDocumentBatchDetail(
  documentBatchID: number,
  options?: CallOptions,
): Promise<DocumentBatchDetailReply> {
  return callApi(Batches.getDocumentBatchDataByID, { documentBatchID }, options);
}

/** Opens a charge batch with no scanned files (they are uploaded to it afterwards). */
export function addChargeBatch(
  body: Omit<AddChargeBatchRequest, 'documents'>,
  options?: CallOptions,
): Promise<BatchSavedReply> {
  return callApi(Batches.addChargeBatchAndDocuments, { ...body, documents: [] }, options);
}

/** Changes the fields given; a null description clears it. */
export function updateChargeBatch(body: UpdateChargeBatchRequest, options?: CallOptions): Promise<BatchSavedReply> {
  return callApi(Batches.updateChargeBatch, body, options);
}

/** Opens a document batch with no scanned files (they are uploaded to it afterwards). */
export function addDocumentBatch(
  body: Omit<AddDocumentBatchRequest, 'documents'>,
  options?: CallOptions,
): Promise<BatchSavedReply> {
  return callApi(Batches.addDocumentBatchAndDocuments, { ...body, documents: [] }, options);
}

/** Changes the fields given; a null description clears it. */
export function updateDocumentBatch(body: UpdateDocumentBatchRequest, options?: CallOptions): Promise<BatchSavedReply> {
  return callApi(Batches.updateDocumentBatch, body, options);
}

export function reversePaymentLedger(ledgerID: number, options?: CallOptions): Promise<ReversePaymentLedgerReply> {
  return callApi(AddEditClaim.reversePaymentLedger, { ledgerID }, options);
}

export function getDeposits(query: Partial<ReconciliationQuery>, options?: CallOptions): Promise<ReconciliationReply> {
  return callApi(Claims.getPaymentReconsilationProfileData, query, options);
}

export function reconcileDeposit(
  deposit: { paymentBatchID: number } | { eraCheckID: number },
  options?: CallOptions,
): Promise<MessageReply> {
  return callApi(AddEditClaim.reconsilePosting, deposit, options);
}
