/** The AddEditClaim controller's calls, each served at /api/AddEditClaim/<name> (call.ts). */
import { controller, del, fileReply, get, noInput, post, postText } from '../call.ts';
import { claimStatusDetailsReplySchema, claimStatusReplySchema } from '../acknowledgements.ts';
import {
  advanceAppliedReplySchema,
  applyAdvancePaymentSchema,
  claimAdvancePaymentsReplySchema,
  claimIDQuerySchema,
  collectedAdvancePaymentsReplySchema,
  collectedAdvancePaymentsSchema,
} from '../advancePayments.ts';
import {
  messageReplySchema,
  paymentBatchIDSchema,
  paymentBatchLedgerReplySchema,
  reconsilePostingSchema,
  reversePaymentLedgerReplySchema,
  reversePaymentLedgerSchema,
} from '../batches.ts';
import { editChargeReplySchema, editChargeRequestSchema } from '../chargeEdit.ts';
import { deleteChargeQuerySchema, deleteChargeReplySchema } from '../chargeStatus.ts';
import {
  cptFeeQuerySchema,
  cptFeeReplySchema,
  editClaimReplySchema,
  editClaimRequestSchema,
  removeDiagnosisQuerySchema,
  removeDiagnosisReplySchema,
  saveChargeReplySchema,
  saveChargeRequestSchema,
  saveClaimReplySchema,
  saveClaimRequestSchema,
} from '../claimEdit.ts';
import { claimFinancialQuerySchema, claimFinancialReplySchema } from '../claimFinancial.ts';
import {
  saveChargeAndPaymentReplySchema,
  saveChargeAndPaymentRequestSchema,
  updateChargeDiagnosisReplySchema,
  updateChargeDiagnosisRequestSchema,
} from '../claimSideCalls.ts';
import {
  claimPayorReplySchema,
  claimTransferInsuranceReplySchema,
  claimTransferQuerySchema,
  transferClaimBalanceReplySchema,
  transferClaimBalanceRequestSchema,
} from '../claimTransfer.ts';
import { saveClaimFormReplySchema, saveClaimFormRequestSchema } from '../claimForm.ts';
import {
  archiveNoteRequestSchema,
  noteChangedReplySchema,
  notesQuerySchema,
  notesReplySchema,
  systemNoteRequestSchema,
} from '../claimNotes.ts';
import { voidEncounterQuerySchema, voidEncounterReplySchema } from '../claimStatusChange.ts';
import { createCrossoverReplySchema, crossoverClaimRequestSchema, crossoverTypeReplySchema } from '../crossover.ts';
import {
  addUpdateCptNdcCrosswalkRequestSchema,
  cptNdcCrosswalkIDSchema,
  cptNdcCrosswalkReplySchema,
  cptNdcCrosswalkRowSchema,
} from '../crosswalks.ts';
import {
  deattachEraPostingQuerySchema,
  eraChangeReplySchema,
  eraCheckIDSchema,
  insurancePaymentReplySchema,
  insurancePaymentRequestSchema,
  linkPaymentPostingQuerySchema,
  patientPaymentReplySchema,
  patientPaymentRequestSchema,
  postInsurancePaymentQuerySchema,
  postInsurancePaymentReplySchema,
  postingValidationReplySchema,
  uploadEraBodySchema,
  uploadEraQuerySchema,
  uploadEraReplySchema,
} from '../era.ts';
import {
  addUpdateFeeScheduleRequestSchema,
  feeScheduleIDRequestSchema,
  feeScheduleReplySchema,
} from '../feeSchedules.ts';
import { claimCoverageCalls } from './patientCoverage.ts';
import {
  idLabelListSchema,
  postingDateCheckQuerySchema,
  postingDateCheckReplySchema,
  valueLabelListSchema,
} from '../lookups.ts';
import { ub04QuerySchema } from '../print.ts';
import { saveGlobalSearchViewItemsReplySchema, saveGlobalSearchViewItemsRequestSchema } from '../search.ts';
import { saveWriteOffReplySchema, saveWriteOffRequestSchema } from '../writeOff.ts';

export const AddEditClaim = controller('AddEditClaim', {
  ...claimCoverageCalls,
  voidEncounterClaim: get('CLAIMS', { input: voidEncounterQuerySchema, reply: voidEncounterReplySchema }),
  removeDiagnosisFromClaimAndCharge: get('CLAIMS', {
    input: removeDiagnosisQuerySchema,
    reply: removeDiagnosisReplySchema,
  }),
  getCptNdcCrosswalkByID: get('CLAIMS', { input: cptNdcCrosswalkIDSchema, reply: cptNdcCrosswalkRowSchema }),
  getClaimStatusByID: get('CLAIMS', { input: claimIDQuerySchema, reply: claimStatusReplySchema }),
  getClaimFinancial: get('CLAIMS', { input: claimFinancialQuerySchema, reply: claimFinancialReplySchema }),
  linkPaymentPosting: get('PAYMENTS', { input: linkPaymentPostingQuerySchema, reply: eraChangeReplySchema }),
  deattachERAPosting: get('PAYMENTS', { input: deattachEraPostingQuerySchema, reply: eraChangeReplySchema }),
  postInsurancePayment: get('PAYMENTS', {
    input: postInsurancePaymentQuerySchema,
    reply: postInsurancePaymentReplySchema,
  }),
  getPostingValidationErrors: get('PAYMENTS', { input: eraCheckIDSchema, reply: postingValidationReplySchema }),
  getClaimStatusDetailsByID: get('CLAIMS', { input: claimIDQuerySchema, reply: claimStatusDetailsReplySchema }),
  getClaimStatusCode: get('CLAIMS', { input: noInput, reply: idLabelListSchema }),
  getCrossoverClaimType: get('CLAIMS', { input: crossoverClaimRequestSchema, reply: crossoverTypeReplySchema }),
  GetPaymentLedgerByBatchID: get('PAYMENTS', { input: paymentBatchIDSchema, reply: paymentBatchLedgerReplySchema }),
  getCPTFee: get('CLAIMS', { input: cptFeeQuerySchema, reply: cptFeeReplySchema }),
  getClaimTransferInsurance: get('CLAIMS', {
    input: claimTransferQuerySchema,
    reply: claimTransferInsuranceReplySchema,
  }),
  getClaimPayor: get('CLAIMS', { input: claimTransferQuerySchema, reply: claimPayorReplySchema }),
  getClaimAdvancePayments: get('PAYMENTS', { input: claimIDQuerySchema, reply: claimAdvancePaymentsReplySchema }),
  getPostingDateCheck: get('PAYMENTS', { input: postingDateCheckQuerySchema, reply: postingDateCheckReplySchema }),
  getNotesByLineItemID: get('CLAIMS', { input: notesQuerySchema, reply: notesReplySchema }),
  getFeeType: get('CLAIMS', { input: noInput, reply: valueLabelListSchema }),
  viewClaimUB04: get('CLAIMS', { input: ub04QuerySchema, reply: fileReply }),
  saveCharge: post('CLAIMS', { input: saveChargeRequestSchema, reply: saveChargeReplySchema }),
  editCharge: post('CLAIMS', { input: editChargeRequestSchema, reply: editChargeReplySchema }),
  addUpdateCptNdcData: post('CLAIMS', {
    input: addUpdateCptNdcCrosswalkRequestSchema,
    reply: cptNdcCrosswalkReplySchema,
  }),
  editClaim: post('CLAIMS', { input: editClaimRequestSchema, reply: editClaimReplySchema }),
  addUpdateFeeSchedule: post('CLAIMS', { input: addUpdateFeeScheduleRequestSchema, reply: feeScheduleReplySchema }),
  addUpdateCptNdcCrosswalk: post('CLAIMS', {
    input: addUpdateCptNdcCrosswalkRequestSchema,
    reply: cptNdcCrosswalkReplySchema,
  }),
  saveClaimChargeAndPayment: post('PAYMENTS', {
    input: saveChargeAndPaymentRequestSchema,
    reply: saveChargeAndPaymentReplySchema,
  }),
  saveSystemNotes: post('CLAIMS', { input: systemNoteRequestSchema, reply: noteChangedReplySchema }),
  reversePaymentLedger: post('PAYMENTS', { input: reversePaymentLedgerSchema, reply: reversePaymentLedgerReplySchema }),
  uploadERA: postText('PAYMENTS', {
    input: uploadEraBodySchema,
    query: uploadEraQuerySchema,
    reply: uploadEraReplySchema,
  }),
  saveWriteOffByID: post('CLAIMS', { input: saveWriteOffRequestSchema, reply: saveWriteOffReplySchema }),
  createCrossoverClaim: post('CLAIMS', { input: crossoverClaimRequestSchema, reply: createCrossoverReplySchema }),
  reconsilePosting: post('PAYMENTS', { input: reconsilePostingSchema, reply: messageReplySchema }),
  savePatientPayments: post('PAYMENTS', { input: patientPaymentRequestSchema, reply: patientPaymentReplySchema }),
  saveInsurancePayments: post('PAYMENTS', { input: insurancePaymentRequestSchema, reply: insurancePaymentReplySchema }),
  saveGlobalSearchViewItems: post('CLAIMS', {
    input: saveGlobalSearchViewItemsRequestSchema,
    reply: saveGlobalSearchViewItemsReplySchema,
  }),
  archiveNotes: post('CLAIMS', { input: archiveNoteRequestSchema, reply: noteChangedReplySchema }),
  applyAdvancePatientPayments: post('PAYMENTS', { input: applyAdvancePaymentSchema, reply: advanceAppliedReplySchema }),
  updateChargeDiagnosis: post('CLAIMS', {
    input: updateChargeDiagnosisRequestSchema,
    reply: updateChargeDiagnosisReplySchema,
  }),
  savePatientCollectedAdvancePaymentList: post('PAYMENTS', {
    input: collectedAdvancePaymentsSchema,
    reply: collectedAdvancePaymentsReplySchema,
  }),
  deleteChargeByID: del('CLAIMS', { input: deleteChargeQuerySchema, reply: deleteChargeReplySchema }),
  deleteFeeSchedule: del('CLAIMS', { input: feeScheduleIDRequestSchema, reply: feeScheduleReplySchema }),
  deleteCptNdcCrosswalk: del('CLAIMS', { input: cptNdcCrosswalkIDSchema, reply: cptNdcCrosswalkReplySchema }),
  // Calls this product adds beyond the shared catalogue (the console's own state). Named in the
  // catalogue's style; listed apart so the catalogue rows above stay exactly as written.
  // A new claim: the catalogue's claim-update flows are not shown, so the call is named here.
  saveClaim: post('CLAIMS', { input: saveClaimRequestSchema, reply: saveClaimReplySchema }),
  // The claim form: the claim, its diagnoses and its lines saved in one transaction.
  saveClaimForm: post('CLAIMS', { input: saveClaimFormRequestSchema, reply: saveClaimFormReplySchema }),
  // A claim's balance moved to the patient or to the next payer: the catalogue names only its reads.
  transferClaimBalance: post('CLAIMS', {
    input: transferClaimBalanceRequestSchema,
    reply: transferClaimBalanceReplySchema,
  }),
});
