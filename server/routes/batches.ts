import type { FastifyInstance } from 'fastify';
import {
  addChargeBatchSchema,
  addDocumentBatchSchema,
  addPaymentBatchSchema,
  batchesQuerySchema,
  chargeBatchDocumentQuerySchema,
  chargeBatchIDSchema,
  chargeBatchListSchema,
  chargeBatchSearchSchema,
  documentBatchIDSchema,
  emptyQuerySchema,
  paymentBatchIDSchema,
  paymentBatchListSchema,
  reassignPaymentBatchSchema,
  reconciliationQuerySchema,
  reconsilePostingSchema,
  reversePaymentLedgerSchema,
  updateChargeBatchSchema,
  updateDocumentBatchSchema,
  updatePaymentBatchSchema,
  uploadBatchDocumentSchema,
} from '../../contract/batches.ts';
import { defineCall, requireActor } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { uploadBatchDocument } from '../services/batches/batchDocuments.ts';
import { batchesData, batchStatuses, batchTypes, documentBatchTypes } from '../services/batches/batchLookups.ts';
import { chargeBatchList } from '../services/batches/chargeBatchList.ts';
import { addChargeBatch, chargeBatchByID, chargeBatchCharges, chargeBatchDetail, chargeBatchDocuments, chargeBatchOptions, updateChargeBatch } from '../services/batches/chargeBatches.ts';
import { addDocumentBatch, documentBatchDetail, updateDocumentBatch } from '../services/batches/documentBatches.ts';
import { paymentBatchByID, paymentBatchDetail, paymentBatchLedger, paymentBatchList, paymentBatchPaidCharges } from '../services/batches/paymentBatchReads.ts';
import { reconcileDeposit, reconciliationProfile } from '../services/batches/reconciliation.ts';
import { reversePaymentLedger } from '../services/batches/reverseLedger.ts';
import { addPaymentBatch, deletePaymentBatch, reassignPaymentBatch, updatePaymentBatch } from '../services/batches/paymentBatches.ts';

/** Payment, charge and document batches, ledger reversal and deposit reconciliation. */
export function batchesRoutes(app: FastifyInstance, deps: AuthDeps): void {
  for (const name of ['getPaymentBatches', 'getPaymentBatchData']) {
    defineCall(app, deps, 'Batches', name, { input: paymentBatchListSchema, handler: async (input, context) => paymentBatchList(deps.db, await context.scope(), input) });
  }
  defineCall(app, deps, 'Batches', 'getPaymentBatchByID', { input: paymentBatchIDSchema, handler: async (input, context) => ({ batch: await paymentBatchByID(deps.db, await context.scope(), input.paymentBatchID) }) });
  defineCall(app, deps, 'Batches', 'getPaymentBatchDetailData', { input: paymentBatchIDSchema, handler: async (input, context) => paymentBatchDetail(deps.db, await context.scope(), input.paymentBatchID) });
  defineCall(app, deps, 'Batches', 'getPaymentBatchDetailPaidCharges', { input: paymentBatchIDSchema, handler: async (input, context) => paymentBatchPaidCharges(deps.db, await context.scope(), input.paymentBatchID) });
  defineCall(app, deps, 'Batches', 'getPaymentBatchLedgersPostingByID', { input: paymentBatchIDSchema, handler: async (input, context) => paymentBatchLedger(deps.db, await context.scope(), input.paymentBatchID) });
  defineCall(app, deps, 'AddEditClaim', 'GetPaymentLedgerByBatchID', { input: paymentBatchIDSchema, handler: async (input, context) => paymentBatchLedger(deps.db, await context.scope(), input.paymentBatchID) });
  defineCall(app, deps, 'Batches', 'addPaymentBatchAndDocuments', { input: addPaymentBatchSchema, handler: async (input, context) => addPaymentBatch(deps.db, requireActor(context), await context.scope(), input, deps.now()) });
  defineCall(app, deps, 'Batches', 'updatePaymentBatch', { input: updatePaymentBatchSchema, handler: async (input, context) => updatePaymentBatch(deps.db, requireActor(context), await context.scope(), input) });
  defineCall(app, deps, 'Batches', 'reassignPaymentBatch', { input: reassignPaymentBatchSchema, handler: async (input, context) => reassignPaymentBatch(deps.db, requireActor(context), await context.scope(), input) });
  defineCall(app, deps, 'Batches', 'deletePaymentBatchByID', { input: paymentBatchIDSchema, handler: async (input, context) => deletePaymentBatch(deps.db, requireActor(context), await context.scope(), input.paymentBatchID) });
  defineCall(app, deps, 'Batches', 'uploadBatchDocument', { input: uploadBatchDocumentSchema, handler: async (input, context) => uploadBatchDocument(deps.db, requireActor(context), await context.scope(), input, deps.now()) });
  defineCall(app, deps, 'AddEditClaim', 'reversePaymentLedger', { input: reversePaymentLedgerSchema, handler: async (input, context) => reversePaymentLedger(deps.db, requireActor(context), await context.scope(), input, deps.now()) });
  defineCall(app, deps, 'Claims', 'getPaymentReconsilationProfileData', { input: reconciliationQuerySchema, handler: async (input, context) => reconciliationProfile(deps.db, await context.scope(), input) });
  defineCall(app, deps, 'AddEditClaim', 'reconsilePosting', { input: reconsilePostingSchema, handler: async (input, context) => reconcileDeposit(deps.db, requireActor(context), await context.scope(), input, deps.now()) });

  defineCall(app, deps, 'Batches', 'addChargeBatchAndDocuments', { input: addChargeBatchSchema, handler: async (input, context) => addChargeBatch(deps.db, requireActor(context), await context.scope(), input, deps.now()) });
  defineCall(app, deps, 'Batches', 'updateChargeBatch', { input: updateChargeBatchSchema, handler: async (input, context) => updateChargeBatch(deps.db, requireActor(context), await context.scope(), input) });
  defineCall(app, deps, 'Batches', 'getBatchChargeProfile', { input: chargeBatchListSchema, handler: async (input, context) => chargeBatchList(deps.db, await context.scope(), input) });
  defineCall(app, deps, 'Batches', 'getChargeBatchDataByID', { input: chargeBatchIDSchema, handler: async (input, context) => ({ batch: await chargeBatchByID(deps.db, await context.scope(), input.chargeBatchID) }) });
  defineCall(app, deps, 'Batches', 'getChargeBatchDetailByID', { input: chargeBatchIDSchema, handler: async (input, context) => chargeBatchDetail(deps.db, await context.scope(), input.chargeBatchID) });
  defineCall(app, deps, 'Batches', 'getChargeBatchDetailChargesByID', { input: chargeBatchIDSchema, handler: async (input, context) => chargeBatchCharges(deps.db, await context.scope(), input.chargeBatchID) });
  defineCall(app, deps, 'Repository', 'getChargeBatches', { input: chargeBatchSearchSchema, handler: async (input, context) => chargeBatchOptions(deps.db, await context.scope(), input) });
  defineCall(app, deps, 'Repository', 'getChargeBatchDocument', { input: chargeBatchDocumentQuerySchema, handler: async (input, context) => chargeBatchDocuments(deps.db, await context.scope(), input) });
  defineCall(app, deps, 'Batches', 'addDocumentBatchAndDocuments', { input: addDocumentBatchSchema, handler: async (input, context) => addDocumentBatch(deps.db, requireActor(context), await context.scope(), input, deps.now()) });
  defineCall(app, deps, 'Batches', 'updateDocumentBatch', { input: updateDocumentBatchSchema, handler: async (input, context) => updateDocumentBatch(deps.db, requireActor(context), await context.scope(), input) });
  defineCall(app, deps, 'Batches', 'getDocumentBatchDataByID', { input: documentBatchIDSchema, handler: async (input, context) => documentBatchDetail(deps.db, await context.scope(), input.documentBatchID) });
  defineCall(app, deps, 'Batches', 'getBatchesData', { input: batchesQuerySchema, handler: async (input, context) => batchesData(deps.db, await context.scope(), input) });
  defineCall(app, deps, 'Repository', 'GetBatchTypes', { input: emptyQuerySchema, handler: () => Promise.resolve(batchTypes()) });
  defineCall(app, deps, 'Batches', 'getDocumentBatchType', { input: emptyQuerySchema, handler: () => Promise.resolve(documentBatchTypes()) });
  defineCall(app, deps, 'Batches', 'getBatchStatus', { input: emptyQuerySchema, handler: () => Promise.resolve(batchStatuses()) });
}
