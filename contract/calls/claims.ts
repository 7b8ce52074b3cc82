/** The Claims controller's calls, each served at /api/Claims/<name> (call.ts). */
import { claimEligibilityCalls } from './patientEligibility.ts';
import { importLogClaimsCalls } from './importLogs.ts';
import { moneyReportClaimsCalls } from './moneyReports.ts';
import { controller, fileReply, get, post } from '../call.ts';
import {
  addAssigneesRequestSchema,
  assigneeQuerySchema,
  assigneesReplySchema,
  reassignReplySchema,
  reassignRequestSchema,
} from '../assignment.ts';
import { messageReplySchema, resetPasswordRequestSchema } from '../auth.ts';
import { reconciliationQuerySchema, reconciliationReplySchema } from '../batches.ts';
import { addClaimsToChargeBatchRequestSchema } from '../chargeBatchClaims.ts';
import { updateChargesSortOrderReplySchema, updateChargesSortOrderRequestSchema } from '../chargeOrder.ts';
import {
  changeChargeStatusReplySchema,
  changeChargeStatusRequestSchema,
  chargeStatusHistoryQuerySchema,
  chargeStatusHistoryReplySchema,
} from '../chargeStatus.ts';
import { claimDNAQuerySchema, claimDNAReplySchema } from '../claimDNA.ts';
import {
  billingSummaryReplySchema,
  chargeDetailReplySchema,
  chargeIDOnlySchema,
  claimIDOnlySchema,
  claimStatsReplySchema,
  editClaimDNAReplySchema,
  eraCheckIDOnlySchema,
  eraDetailSummaryChargesReplySchema,
  eraDetailSummaryReplySchema,
  scrubResponseReplySchema,
  validationErrorsQuerySchema,
  validationErrorsReplySchema,
} from '../claimSideCalls.ts';
import { chargesReplySchema, claimDetailReplySchema, claimIDQuerySchema } from '../claimDetail.ts';
import { claimInfoReplySchema } from '../claimForm.ts';
import {
  claimChargeQuerySchema,
  claimChargeReplySchema,
  claimIDsQuerySchema,
  claimIDsReplySchema,
} from '../claimListVariants.ts';
import { arSectionReplySchema, claimStatusCategoriesReplySchema } from '../claimLists.ts';
import { claimNoteSchema, noteIdQuerySchema } from '../claimNotes.ts';
import {
  changeClaimScrubStatusReplySchema,
  changeClaimScrubStatusRequestSchema,
  changeClaimStatusReplySchema,
  changeClaimStatusRequestSchema,
  updateClaimsStatusReplySchema,
  updateClaimsStatusRequestSchema,
} from '../claimStatusChange.ts';
import {
  claimFilterSchema,
  claimSearchQuerySchema,
  claimSearchReplySchema,
  claimTableQuerySchema,
  claimTableReplySchema,
} from '../claims.ts';
import { cptNdcCrosswalkDataQuerySchema, cptNdcCrosswalksReplySchema, cptNdcDataQuerySchema } from '../crosswalks.ts';
import {
  denialChargesQuerySchema,
  denialChargesReplySchema,
  denialReportQuerySchema,
  denialReportReplySchema,
} from '../denials.ts';
import { eraCheckLedgerQuerySchema, eraCheckLedgerReplySchema } from '../depositLedger.ts';
import {
  changeEAttachmentReplySchema,
  changeEAttachmentRequestSchema,
  deleteDocumentReplySchema,
  deleteDocumentRequestSchema,
  documentBase64ReplySchema,
  documentQuerySchema,
  documentTagsQuerySchema,
  documentTagsReplySchema,
  uploadDocumentReplySchema,
  uploadDocumentRequestSchema,
} from '../documents.ts';
import {
  eraChangeReplySchema,
  eraCheckIDSchema,
  eraFullDetailQuerySchema,
  eraFullDetailReplySchema,
  eraProfileQuerySchema,
  eraProfileReplySchema,
} from '../era.ts';
import { claimEraAnswersQuerySchema, claimEraAnswersReplySchema } from '../eraAnswers.ts';
import { feeScheduleDataQuerySchema, feeScheduleDataReplySchema } from '../feeSchedules.ts';
import { jobStartedReplySchema } from '../jobs.ts';
import { paymentLedgersQuerySchema, paymentLedgersReplySchema } from '../ledger.ts';
import { bulkNotesRequestSchema } from '../notes.ts';
import { cms1500QuerySchema } from '../print.ts';
import {
  claimScrubErrorsQuerySchema,
  claimScrubErrorsReplySchema,
  claimScrubReplySchema,
  claimScrubRequestSchema,
  claimsScrubReplySchema,
  claimsScrubRequestSchema,
  forcefulPassReplySchema,
  forcefulPassRequestSchema,
} from '../scrub.ts';
import { submitClaimsReplySchema, submitClaimsRequestSchema } from '../submission.ts';
import {
  bulkTasksRequestSchema,
  claimTaskSchema,
  saveTaskRequestSchema,
  taskChangedReplySchema,
  taskIdQuerySchema,
  taskIdRequestSchema,
  tasksQuerySchema,
  tasksReplySchema,
} from '../tasks.ts';
import { massWriteOffDataReplySchema, massWriteOffQuerySchema } from '../writeOff.ts';

export const Claims = controller('Claims', {
  getCptNdcData: get('CLAIMS', { input: cptNdcDataQuerySchema, reply: cptNdcCrosswalksReplySchema }),
  getFeeScheduleData: get('CLAIMS', { input: feeScheduleDataQuerySchema, reply: feeScheduleDataReplySchema }),
  getCptNdcCrosswalkData: get('CLAIMS', { input: cptNdcCrosswalkDataQuerySchema, reply: cptNdcCrosswalksReplySchema }),
  downloadFilesBase64: get('CLAIMS', { input: documentQuerySchema, reply: documentBase64ReplySchema }),
  getTasksData: get('CLAIMS', { input: tasksQuerySchema, reply: tasksReplySchema }),
  getChargeStatusHistory: get('CLAIMS', {
    input: chargeStatusHistoryQuerySchema,
    reply: chargeStatusHistoryReplySchema,
  }),
  getNoteByID: get('CLAIMS', { input: noteIdQuerySchema, reply: claimNoteSchema }),
  getEditClaimDNAData: get('CLAIMS', { input: claimIDOnlySchema, reply: editClaimDNAReplySchema }),
  getTaskByID: get('CLAIMS', { input: taskIdQuerySchema, reply: claimTaskSchema }),
  getAssigneeData: get('CLAIMS', { input: assigneeQuerySchema, reply: assigneesReplySchema }),
  getAllClaimsSearchData: get('CLAIMS', { input: claimSearchQuerySchema, reply: claimSearchReplySchema }),
  getARClaimsSearchData: get('CLAIMS', { input: claimSearchQuerySchema, reply: claimSearchReplySchema }),
  // The table-search variant of the catalogue's "(variants)" row: exports page through it.
  getAllClaimsSearchTableData: get('CLAIMS', { input: claimTableQuerySchema, reply: claimTableReplySchema }),
  // The charge-level and IDs-only variants of the same row (contract/claimListVariants.ts).
  getAllClaimsSearchChargeData: get('CLAIMS', { input: claimChargeQuerySchema, reply: claimChargeReplySchema }),
  getARClaimsSearchChargeData: get('CLAIMS', { input: claimChargeQuerySchema, reply: claimChargeReplySchema }),
  getAllClaimsSearchClaimIDS: get('CLAIMS', { input: claimIDsQuerySchema, reply: claimIDsReplySchema }),
  getARClaimsSearchClaimIDS: get('CLAIMS', { input: claimIDsQuerySchema, reply: claimIDsReplySchema }),
  getAllClaimsSearchStatusCategories: get('CLAIMS', {
    input: claimFilterSchema,
    reply: claimStatusCategoriesReplySchema,
  }),
  getARClaimsSectionData: get('CLAIMS', { input: claimFilterSchema, reply: arSectionReplySchema }),
  getClaimInfoData: get('CLAIMS', { input: claimIDQuerySchema, reply: claimInfoReplySchema }),
  getClaimStatsData: get('CLAIMS', { input: claimIDOnlySchema, reply: claimStatsReplySchema }),
  getClaimDetailData: get('CLAIMS', { input: claimIDQuerySchema, reply: claimDetailReplySchema }),
  getChargeDetailData: get('CLAIMS', { input: chargeIDOnlySchema, reply: chargeDetailReplySchema }),
  getClaimDetailSummaryBillingData: get('CLAIMS', { input: claimIDOnlySchema, reply: billingSummaryReplySchema }),
  getClaimDNAData: get('CLAIMS', { input: claimDNAQuerySchema, reply: claimDNAReplySchema }),
  getScrubingResponce: get('CLAIMS', { input: claimIDOnlySchema, reply: scrubResponseReplySchema }),
  getChargesData: get('CLAIMS', { input: claimIDQuerySchema, reply: chargesReplySchema }),
  getMassWriteOffData: get('CLAIMS', { input: massWriteOffQuerySchema, reply: massWriteOffDataReplySchema }),
  getDocumentTags: get('CLAIMS', { input: documentTagsQuerySchema, reply: documentTagsReplySchema }),
  getERAProfileData: get('PAYMENTS', { input: eraProfileQuerySchema, reply: eraProfileReplySchema }),
  getERAProfileDataByID: get('PAYMENTS', { input: claimEraAnswersQuerySchema, reply: claimEraAnswersReplySchema }),
  getERAProfileDetailSummary: get('PAYMENTS', { input: eraCheckIDOnlySchema, reply: eraDetailSummaryReplySchema }),
  // The charges variant of the catalogue's "(variants)" row: every line of the check.
  getERAProfileDetailSummaryCharges: get('PAYMENTS', {
    input: eraCheckIDOnlySchema,
    reply: eraDetailSummaryChargesReplySchema,
  }),
  getPaymentReconsilationProfileData: get('PAYMENTS', {
    input: reconciliationQuerySchema,
    reply: reconciliationReplySchema,
  }),
  getPaymentLedgers: get('PAYMENTS', { input: paymentLedgersQuerySchema, reply: paymentLedgersReplySchema }),
  ...moneyReportClaimsCalls,
  downloadFile: get('CLAIMS', { input: documentQuerySchema, reply: fileReply }),
  ...claimEligibilityCalls,
  ...importLogClaimsCalls,
  deleteEraCheckByID: get('PAYMENTS', { input: eraCheckIDSchema, reply: eraChangeReplySchema }),
  getERAFullDetail: get('PAYMENTS', { input: eraFullDetailQuerySchema, reply: eraFullDetailReplySchema }),
  getClaimScrubingErrors: get('CLAIMS', { input: claimScrubErrorsQuerySchema, reply: claimScrubErrorsReplySchema }),
  viewClaimValidationErrors: get('CLAIMS', { input: validationErrorsQuerySchema, reply: validationErrorsReplySchema }),
  GetDenialManagementReportData: get('CLAIMS', { input: denialReportQuerySchema, reply: denialReportReplySchema }),
  GetDenialManagementCharges: get('CLAIMS', { input: denialChargesQuerySchema, reply: denialChargesReplySchema }),
  claimScrubing: post('CLAIMS', { input: claimScrubRequestSchema, reply: claimScrubReplySchema, timeoutMs: 1_800_000 }),
  deleteDocument: post('CLAIMS', { input: deleteDocumentRequestSchema, reply: deleteDocumentReplySchema }),
  changeDocumentEAttachment: post('CLAIMS', {
    input: changeEAttachmentRequestSchema,
    reply: changeEAttachmentReplySchema,
  }),
  reassignClaim: post('CLAIMS', { input: reassignRequestSchema, reply: reassignReplySchema }),
  addAssignees: post('CLAIMS', {
    input: addAssigneesRequestSchema,
    reply: jobStartedReplySchema,
    timeoutMs: 1_800_000,
  }),
  saveClaimTasks: post('CLAIMS', { input: saveTaskRequestSchema, reply: taskChangedReplySchema }),
  saveBulkClaimTasks: post('CLAIMS', { input: bulkTasksRequestSchema, reply: jobStartedReplySchema }),
  resolveClaimTask: post('CLAIMS', { input: taskIdRequestSchema, reply: taskChangedReplySchema }),
  deleteClaimTask: post('CLAIMS', { input: taskIdRequestSchema, reply: taskChangedReplySchema }),
  saveBulkNotes: post('CLAIMS', { input: bulkNotesRequestSchema, reply: jobStartedReplySchema, timeoutMs: 1_800_000 }),
  changeClaimScrubStatus: post('CLAIMS', {
    input: changeClaimScrubStatusRequestSchema,
    reply: changeClaimScrubStatusReplySchema,
  }),
  changeClaimStatus: post('CLAIMS', { input: changeClaimStatusRequestSchema, reply: changeClaimStatusReplySchema }),
  updateClaimsStatus: post('CLAIMS', {
    input: updateClaimsStatusRequestSchema,
    reply: updateClaimsStatusReplySchema,
    timeoutMs: 1_800_000,
  }),
  updateChargesSortOrder: post('CLAIMS', {
    input: updateChargesSortOrderRequestSchema,
    reply: updateChargesSortOrderReplySchema,
  }),
  changeChargeStatus: post('CLAIMS', { input: changeChargeStatusRequestSchema, reply: changeChargeStatusReplySchema }),
  forcefullyPassClaim: post('CLAIMS', {
    input: forcefulPassRequestSchema,
    reply: forcefulPassReplySchema,
    timeoutMs: 1_800_000,
  }),
  allClaimsScrubing: post('CLAIMS', {
    input: claimsScrubRequestSchema,
    reply: claimsScrubReplySchema,
    timeoutMs: 1_800_000,
  }),
  submitClaim: post('CLAIMS', {
    input: submitClaimsRequestSchema,
    reply: submitClaimsReplySchema,
    timeoutMs: 1_800_000,
  }),
  ResetPassword: post('public', { input: resetPasswordRequestSchema, reply: messageReplySchema }),
  // The CMS-1500 of a professional claim as a PDF, beside the catalogue's viewClaimUB04.
  viewClaimCMS1500: get('CLAIMS', { input: cms1500QuerySchema, reply: fileReply }),
  // Attaching a file to a claim: the catalogue's claim document save is not shown.
  uploadClaimDocument: post('CLAIMS', { input: uploadDocumentRequestSchema, reply: uploadDocumentReplySchema }),
  // The reconciliation screen: what was posted from an ERA check, as GetPaymentLedgerByBatchID gives a batch's.
  getERACheckLedgerRows: get('PAYMENTS', { input: eraCheckLedgerQuerySchema, reply: eraCheckLedgerReplySchema }),
  // Putting picked claims (or "all N matching") into a charge batch as a bulk run: the catalogue's claim-update flows are not shown.
  addClaimsToChargeBatch: post('CLAIMS', {
    input: addClaimsToChargeBatchRequestSchema,
    reply: jobStartedReplySchema,
    timeoutMs: 1_800_000,
  }),
});
