/** The Batches controller's calls, each served at /api/Batches/<name> (call.ts). */
import { controller, del, get, post } from '../call.ts';
import {
  addChargeBatchSchema,
  addDocumentBatchSchema,
  addPaymentBatchSchema,
  batchSavedReplySchema,
  batchesQuerySchema,
  batchesReplySchema,
  chargeBatchChargesReplySchema,
  chargeBatchDetailReplySchema,
  chargeBatchIDSchema,
  chargeBatchListReplySchema,
  chargeBatchListSchema,
  chargeBatchReplySchema,
  documentBatchDetailReplySchema,
  documentBatchIDSchema,
  emptyQuerySchema,
  messageReplySchema,
  namesReplySchema,
  paymentBatchChargesReplySchema,
  paymentBatchDetailReplySchema,
  paymentBatchIDSchema,
  paymentBatchLedgerReplySchema,
  paymentBatchListReplySchema,
  paymentBatchListSchema,
  paymentBatchReplySchema,
  reassignPaymentBatchSchema,
  updateChargeBatchSchema,
  updateDocumentBatchSchema,
  updatePaymentBatchSchema,
  uploadBatchDocumentReplySchema,
  uploadBatchDocumentSchema,
} from '../batches.ts';
import {
  submissionBatchDetailQuerySchema,
  submissionBatchDetailReplySchema,
  submissionBatchesQuerySchema,
  submissionBatchesReplySchema,
  submissionBatchSchema,
} from '../submission.ts';
import {
  documentBatchDocumentsQuerySchema,
  documentBatchDocumentsReplySchema,
  documentIDQuerySchema,
  documentProfileReplySchema,
  documentSearchQuerySchema,
  documentSearchReplySchema,
} from '../documentSearch.ts';
import { sendSubmissionBatchSchema } from '../clearinghouse.ts';

export const Batches = controller('Batches', {
  // Submission batches are the claims module's (837 files sent); the other batches are payments'.
  getSubmissionBatchReportStatus: get('CLAIMS', {
    input: submissionBatchesQuerySchema,
    reply: submissionBatchesReplySchema,
  }),
  getSubmissionBatchStatusDetailByID: get('CLAIMS', {
    input: submissionBatchDetailQuerySchema,
    reply: submissionBatchDetailReplySchema,
  }),
  /** Sends a batch's 837 to its payer's clearinghouse again, after a failure (this product's own call). */
  sendSubmissionBatch: post('CLAIMS', {
    input: sendSubmissionBatchSchema,
    reply: submissionBatchSchema,
    timeoutMs: 120_000,
  }),
  getDocumentSearchData: get('PAYMENTS', { input: documentSearchQuerySchema, reply: documentSearchReplySchema }),
  getDocumentProfile: get('PAYMENTS', { input: documentIDQuerySchema, reply: documentProfileReplySchema }),
  getDocumentBatchType: get('PAYMENTS', { input: emptyQuerySchema, reply: namesReplySchema }),
  getBatchChargeProfile: get('PAYMENTS', { input: chargeBatchListSchema, reply: chargeBatchListReplySchema }),
  getBatchesData: get('PAYMENTS', { input: batchesQuerySchema, reply: batchesReplySchema }),
  getPaymentBatches: get('PAYMENTS', { input: paymentBatchListSchema, reply: paymentBatchListReplySchema }),
  getChargeBatchDataByID: get('PAYMENTS', { input: chargeBatchIDSchema, reply: chargeBatchReplySchema }),
  getPaymentBatchByID: get('PAYMENTS', { input: paymentBatchIDSchema, reply: paymentBatchReplySchema }),
  getDocumentBatchDataByID: get('PAYMENTS', { input: documentBatchIDSchema, reply: documentBatchDetailReplySchema }),
  getChargeBatchDetailByID: get('PAYMENTS', { input: chargeBatchIDSchema, reply: chargeBatchDetailReplySchema }),
  getPaymentBatchDetailData: get('PAYMENTS', { input: paymentBatchIDSchema, reply: paymentBatchDetailReplySchema }),
  getPaymentBatchDetailPaidCharges: get('PAYMENTS', {
    input: paymentBatchIDSchema,
    reply: paymentBatchChargesReplySchema,
  }),
  getPaymentBatchLedgersPostingByID: get('PAYMENTS', {
    input: paymentBatchIDSchema,
    reply: paymentBatchLedgerReplySchema,
  }),
  getDocumentData: get('PAYMENTS', {
    input: documentBatchDocumentsQuerySchema,
    reply: documentBatchDocumentsReplySchema,
  }),
  getBatchStatus: get('PAYMENTS', { input: emptyQuerySchema, reply: namesReplySchema }),
  getPaymentBatchData: get('PAYMENTS', { input: paymentBatchListSchema, reply: paymentBatchListReplySchema }),
  addChargeBatchAndDocuments: post('PAYMENTS', { input: addChargeBatchSchema, reply: batchSavedReplySchema }),
  addPaymentBatchAndDocuments: post('PAYMENTS', { input: addPaymentBatchSchema, reply: batchSavedReplySchema }),
  addDocumentBatchAndDocuments: post('PAYMENTS', { input: addDocumentBatchSchema, reply: batchSavedReplySchema }),
  updateChargeBatch: post('PAYMENTS', { input: updateChargeBatchSchema, reply: batchSavedReplySchema }),
  updatePaymentBatch: post('PAYMENTS', { input: updatePaymentBatchSchema, reply: batchSavedReplySchema }),
  updateDocumentBatch: post('PAYMENTS', { input: updateDocumentBatchSchema, reply: batchSavedReplySchema }),
  uploadBatchDocument: post('PAYMENTS', { input: uploadBatchDocumentSchema, reply: uploadBatchDocumentReplySchema }),
  reassignPaymentBatch: post('PAYMENTS', { input: reassignPaymentBatchSchema, reply: messageReplySchema }),
  deletePaymentBatchByID: del('PAYMENTS', { input: paymentBatchIDSchema, reply: messageReplySchema }),
  // The charge batch detail's lines: the catalogue lists this variant of getChargeBatchDetailByID without its name.
  getChargeBatchDetailChargesByID: get('PAYMENTS', {
    input: chargeBatchIDSchema,
    reply: chargeBatchChargesReplySchema,
  }),
});
