/** The batch calls: payment, charge and document batches, ledger reversal and deposit reconciliation. */
import {
  batchesReplySchema,
  batchSavedReplySchema,
  chargeBatchDetailReplySchema,
  chargeBatchListReplySchema,
  documentBatchDetailReplySchema,
  paymentBatchChargesReplySchema,
  paymentBatchDetailReplySchema,
  messageReplySchema,
  paymentBatchListReplySchema,
  paymentBatchLedgerReplySchema,
  reconciliationReplySchema,
  reversePaymentLedgerReplySchema,
  type AddChargeBatchRequest,
  type AddDocumentBatchRequest,
  uploadBatchDocumentReplySchema,
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
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const listCall: ApiCall<PaymentBatchListReply> = { controller: 'Batches', name: 'getPaymentBatchData', reply: paymentBatchListReplySchema };
const addCall: ApiCall<BatchSavedReply> = { controller: 'Batches', name: 'addPaymentBatchAndDocuments', reply: batchSavedReplySchema };
const updateCall: ApiCall<BatchSavedReply> = { controller: 'Batches', name: 'updatePaymentBatch', reply: batchSavedReplySchema };
const uploadCall: ApiCall<UploadBatchDocumentReply> = { controller: 'Batches', name: 'uploadBatchDocument', reply: uploadBatchDocumentReplySchema };
const reassignCall: ApiCall<MessageReply> = { controller: 'Batches', name: 'reassignPaymentBatch', reply: messageReplySchema };
const deleteCall: ApiCall<MessageReply> = { controller: 'Batches', name: 'deletePaymentBatchByID', reply: messageReplySchema };
const ledgerCall: ApiCall<PaymentBatchLedgerReply> = { controller: 'Batches', name: 'getPaymentBatchLedgersPostingByID', reply: paymentBatchLedgerReplySchema };
const detailCall: ApiCall<PaymentBatchDetailReply> = { controller: 'Batches', name: 'getPaymentBatchDetailData', reply: paymentBatchDetailReplySchema };
const paidChargesCall: ApiCall<PaymentBatchChargesReply> = { controller: 'Batches', name: 'getPaymentBatchDetailPaidCharges', reply: paymentBatchChargesReplySchema };
const batchesCall: ApiCall<BatchesReply> = { controller: 'Batches', name: 'getBatchesData', reply: batchesReplySchema };
const chargeBatchesCall: ApiCall<ChargeBatchListReply> = { controller: 'Batches', name: 'getBatchChargeProfile', reply: chargeBatchListReplySchema };
const chargeBatchCall: ApiCall<ChargeBatchDetailReply> = { controller: 'Batches', name: 'getChargeBatchDetailByID', reply: chargeBatchDetailReplySchema };
const documentBatchCall: ApiCall<DocumentBatchDetailReply> = { controller: 'Batches', name: 'getDocumentBatchDataByID', reply: documentBatchDetailReplySchema };
const addChargeBatchCall: ApiCall<BatchSavedReply> = { controller: 'Batches', name: 'addChargeBatchAndDocuments', reply: batchSavedReplySchema };
const updateChargeBatchCall: ApiCall<BatchSavedReply> = { controller: 'Batches', name: 'updateChargeBatch', reply: batchSavedReplySchema };
const addDocumentBatchCall: ApiCall<BatchSavedReply> = { controller: 'Batches', name: 'addDocumentBatchAndDocuments', reply: batchSavedReplySchema };
const updateDocumentBatchCall: ApiCall<BatchSavedReply> = { controller: 'Batches', name: 'updateDocumentBatch', reply: batchSavedReplySchema };
const reverseCall: ApiCall<ReversePaymentLedgerReply> = { controller: 'AddEditClaim', name: 'reversePaymentLedger', reply: reversePaymentLedgerReplySchema };
const depositsCall: ApiCall<ReconciliationReply> = { controller: 'Claims', name: 'getPaymentReconsilationProfileData', reply: reconciliationReplySchema };
const reconcileCall: ApiCall<MessageReply> = { controller: 'AddEditClaim', name: 'reconsilePosting', reply: messageReplySchema };

export function getPaymentBatches(query: Partial<PaymentBatchListQuery>, options?: CallOptions): Promise<PaymentBatchListReply> {
  return callApi(listCall, query, options);
}

export function addPaymentBatch(body: Omit<AddPaymentBatchRequest, 'documents'>, options?: CallOptions): Promise<BatchSavedReply> {
  return callApi(addCall, { ...body, documents: [] }, options);
}

/** Changes only the fields given (null empties one); the server refuses a reconciled batch. */
export function updatePaymentBatch(body: UpdatePaymentBatchRequest, options?: CallOptions): Promise<BatchSavedReply> {
  return callApi(updateCall, body, options);
}

/** One more scanned file on a payment, charge or document batch. */
export function uploadBatchDocument(body: UploadBatchDocumentRequest, options?: CallOptions): Promise<UploadBatchDocumentReply> {
  return callApi(uploadCall, body, options);
}

export function reassignPaymentBatch(paymentBatchID: number, assignedUserID: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(reassignCall, { paymentBatchID, assignedUserID }, options);
}

export function deletePaymentBatch(paymentBatchID: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(deleteCall, { paymentBatchID }, options);
}

/** The batch with its ledger rows, each saying whether it was reversed. */
export function getPaymentBatchLedger(paymentBatchID: number, options?: CallOptions): Promise<PaymentBatchLedgerReply> {
  return callApi(ledgerCall, { paymentBatchID }, options);
}

/** The batch with every line it posted to and its scanned files. */
export function getPaymentBatchDetail(paymentBatchID: number, options?: CallOptions): Promise<PaymentBatchDetailReply> {
  return callApi(detailCall, { paymentBatchID }, options);
}

/** The batch with the lines it paid (a line it only adjusted is left out). */
export function getPaymentBatchPaidCharges(paymentBatchID: number, options?: CallOptions): Promise<PaymentBatchChargesReply> {
  return callApi(paidChargesCall, { paymentBatchID }, options);
}

/** Batches of every kind, or of one, newest first. */
export function getBatches(query: Partial<BatchesQuery>, options?: CallOptions): Promise<BatchesReply> {
  return callApi(batchesCall, query, options);
}

/** Charge batches with what was expected against what their claims add up to, newest first. */
export function getChargeBatches(query: Partial<ChargeBatchListQuery>, options?: CallOptions): Promise<ChargeBatchListReply> {
  return callApi(chargeBatchesCall, query, options);
}

/** A charge batch with its claims and scanned files. */
export function getChargeBatchDetail(chargeBatchID: number, options?: CallOptions): Promise<ChargeBatchDetailReply> {
  return callApi(chargeBatchCall, { chargeBatchID }, options);
}

/** A document batch with its scanned files. */
export function getDocumentBatchDetail(documentBatchID: number, options?: CallOptions): Promise<DocumentBatchDetailReply> {
  return callApi(documentBatchCall, { documentBatchID }, options);
}

/** Opens a charge batch with no scanned files (they are uploaded to it afterwards). */
export function addChargeBatch(body: Omit<AddChargeBatchRequest, 'documents'>, options?: CallOptions): Promise<BatchSavedReply> {
  return callApi(addChargeBatchCall, { ...body, documents: [] }, options);
}

/** Changes the fields given; a null description clears it. */
export function updateChargeBatch(body: UpdateChargeBatchRequest, options?: CallOptions): Promise<BatchSavedReply> {
  return callApi(updateChargeBatchCall, body, options);
}

/** Opens a document batch with no scanned files (they are uploaded to it afterwards). */
export function addDocumentBatch(body: Omit<AddDocumentBatchRequest, 'documents'>, options?: CallOptions): Promise<BatchSavedReply> {
  return callApi(addDocumentBatchCall, { ...body, documents: [] }, options);
}

/** Changes the fields given; a null description clears it. */
export function updateDocumentBatch(body: UpdateDocumentBatchRequest, options?: CallOptions): Promise<BatchSavedReply> {
  return callApi(updateDocumentBatchCall, body, options);
}

export function reversePaymentLedger(ledgerID: number, options?: CallOptions): Promise<ReversePaymentLedgerReply> {
  return callApi(reverseCall, { ledgerID }, options);
}

export function getDeposits(query: Partial<ReconciliationQuery>, options?: CallOptions): Promise<ReconciliationReply> {
  return callApi(depositsCall, query, options);
}

export function reconcileDeposit(deposit: { paymentBatchID: number } | { eraCheckID: number }, options?: CallOptions): Promise<MessageReply> {
  return callApi(reconcileCall, deposit, options);
}
