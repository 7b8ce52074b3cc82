import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { uploadBatchDocument } from '../services/batches/batchDocuments.ts';
import { batchesData, batchStatuses, batchTypes, documentBatchTypes } from '../services/batches/batchLookups.ts';
import { chargeBatchList } from '../services/batches/chargeBatchList.ts';
import {
  addChargeBatch,
  chargeBatchByID,
  chargeBatchCharges,
  chargeBatchDetail,
  chargeBatchDocuments,
  chargeBatchOptions,
  updateChargeBatch,
} from '../services/batches/chargeBatches.ts';
import { addDocumentBatch, documentBatchDetail, updateDocumentBatch } from '../services/batches/documentBatches.ts';
import {
  paymentBatchByID,
  paymentBatchDetail,
  paymentBatchLedger,
  paymentBatchList,
  paymentBatchPaidCharges,
} from '../services/batches/paymentBatchReads.ts';
import { reconcileDeposit, reconciliationProfile } from '../services/batches/reconciliation.ts';
import { reversePaymentLedger } from '../services/batches/reverseLedger.ts';
import {
  addPaymentBatch,
  deletePaymentBatch,
  reassignPaymentBatch,
  updatePaymentBatch,
} from '../services/batches/paymentBatches.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Batches } from '../../contract/calls/batches.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** Payment, charge and document batches, ledger reversal and deposit reconciliation. */
export function batchesRoutes(app: FastifyInstance, deps: AuthDeps): void {
  for (const call of [Batches.getPaymentBatches, Batches.getPaymentBatchData]) {
    defineCall(app, deps, call, { handler: async (input, context) => context.data.inScope(paymentBatchList)(input) });
  }
  defineCall(app, deps, Batches.getPaymentBatchByID, {
    handler: async (input, context) => ({ batch: await context.data.inScope(paymentBatchByID)(input.paymentBatchID) }),
  });
  defineCall(app, deps, Batches.getPaymentBatchDetailData, {
    handler: async (input, context) => context.data.inScope(paymentBatchDetail)(input.paymentBatchID),
  });
  defineCall(app, deps, Batches.getPaymentBatchDetailPaidCharges, {
    handler: async (input, context) => context.data.inScope(paymentBatchPaidCharges)(input.paymentBatchID),
  });
  defineCall(app, deps, Batches.getPaymentBatchLedgersPostingByID, {
    handler: async (input, context) => context.data.inScope(paymentBatchLedger)(input.paymentBatchID),
  });
  defineCall(app, deps, AddEditClaim.GetPaymentLedgerByBatchID, {
    handler: async (input, context) => context.data.inScope(paymentBatchLedger)(input.paymentBatchID),
  });
  defineCall(app, deps, Batches.addPaymentBatchAndDocuments, {
    handler: async (input, context) => context.data.run(addPaymentBatch)(input, deps.now()),
  });
  defineCall(app, deps, Batches.updatePaymentBatch, {
    handler: async (input, context) => context.data.run(updatePaymentBatch)(input),
  });
  defineCall(app, deps, Batches.reassignPaymentBatch, {
    handler: async (input, context) => context.data.run(reassignPaymentBatch)(input),
  });
  defineCall(app, deps, Batches.deletePaymentBatchByID, {
    handler: async (input, context) => context.data.run(deletePaymentBatch)(input.paymentBatchID),
  });
  defineCall(app, deps, Batches.uploadBatchDocument, {
    handler: async (input, context) => context.data.run(uploadBatchDocument)(input, deps.now()),
  });
  defineCall(app, deps, AddEditClaim.reversePaymentLedger, {
    handler: async (input, context) => context.data.run(reversePaymentLedger)(input, deps.now()),
  });
  defineCall(app, deps, Claims.getPaymentReconsilationProfileData, {
    handler: async (input, context) => context.data.inScope(reconciliationProfile)(input),
  });
  defineCall(app, deps, AddEditClaim.reconsilePosting, {
    handler: async (input, context) => context.data.run(reconcileDeposit)(input, deps.now()),
  });

  defineCall(app, deps, Batches.addChargeBatchAndDocuments, {
    handler: async (input, context) => context.data.run(addChargeBatch)(input, deps.now()),
  });
  defineCall(app, deps, Batches.updateChargeBatch, {
    handler: async (input, context) => context.data.run(updateChargeBatch)(input),
  });
  defineCall(app, deps, Batches.getBatchChargeProfile, {
    handler: async (input, context) => context.data.inScope(chargeBatchList)(input),
  });
  defineCall(app, deps, Batches.getChargeBatchDataByID, {
    handler: async (input, context) => ({ batch: await context.data.inScope(chargeBatchByID)(input.chargeBatchID) }),
  });
  defineCall(app, deps, Batches.getChargeBatchDetailByID, {
    handler: async (input, context) => context.data.inScope(chargeBatchDetail)(input.chargeBatchID),
  });
  defineCall(app, deps, Batches.getChargeBatchDetailChargesByID, {
    handler: async (input, context) => context.data.inScope(chargeBatchCharges)(input.chargeBatchID),
  });
  defineCall(app, deps, Repository.getChargeBatches, {
    handler: async (input, context) => context.data.inScope(chargeBatchOptions)(input),
  });
  defineCall(app, deps, Repository.getChargeBatchDocument, {
    handler: async (input, context) => context.data.inScope(chargeBatchDocuments)(input),
  });
  defineCall(app, deps, Batches.addDocumentBatchAndDocuments, {
    handler: async (input, context) => context.data.run(addDocumentBatch)(input, deps.now()),
  });
  defineCall(app, deps, Batches.updateDocumentBatch, {
    handler: async (input, context) => context.data.run(updateDocumentBatch)(input),
  });
  defineCall(app, deps, Batches.getDocumentBatchDataByID, {
    handler: async (input, context) => context.data.inScope(documentBatchDetail)(input.documentBatchID),
  });
  defineCall(app, deps, Batches.getBatchesData, {
    handler: async (input, context) => context.data.inScope(batchesData)(input),
  });
  defineCall(app, deps, Repository.GetBatchTypes, { handler: () => Promise.resolve(batchTypes()) });
  defineCall(app, deps, Batches.getDocumentBatchType, { handler: () => Promise.resolve(documentBatchTypes()) });
  defineCall(app, deps, Batches.getBatchStatus, { handler: () => Promise.resolve(batchStatuses()) });
}
