/** The Repository controller's calls, each served at /api/Repository/<name> (call.ts). */
import { controller, get, noInput, post } from '../call.ts';
import { assignClaimToQuerySchema, assigneesReplySchema } from '../assignment.ts';
import { messageReplySchema } from '../auth.ts';
import {
  batchDocumentsReplySchema,
  chargeBatchDocumentQuerySchema,
  chargeBatchOptionsReplySchema,
  chargeBatchSearchSchema,
  emptyQuerySchema,
  namesReplySchema,
} from '../batches.ts';
import { providersQuerySchema, providersReplySchema } from '../claimEdit.ts';
import {
  codeSearchQuerySchema,
  codeSearchReplySchema,
  facilitiesQuerySchema,
  facilitiesReplySchema,
  patientCoveragesReplySchema,
} from '../claimForm.ts';
import { claimHoverInfoSchema, claimHoverQuerySchema } from '../claimLists.ts';
import {
  autoPopulateReplySchema,
  claimScreenQuerySchema,
  claimScreenReplySchema,
  ledgerIDOnlySchema,
  lookupDropdownsReplySchema,
  patientIDOnlySchema,
  paymentLedgerDetailReplySchema,
  popupQuerySchema,
  popupReplySchema,
  referringProviderQuerySchema,
  referringProvidersReplySchema,
} from '../claimSideCalls.ts';
import {
  dataRoleGroupsQuerySchema,
  dataRoleGroupsReplySchema,
  dataRolePracticesQuerySchema,
  dataRolePracticesReplySchema,
  dataRolesReplySchema,
  saveDataRoleRequestSchema,
  updateDataRoleActiveRequestSchema,
  updateDataRoleRequestSchema,
} from '../dataRoles.ts';
import { idMessageReplySchema } from '../menuRoles.ts';
import { adjustmentCodesQuerySchema, adjustmentCodesReplySchema, valueLabelListSchema } from '../lookups.ts';
import { practicesQuerySchema, practicesReplySchema } from '../crosswalks.ts';
import { documentIDQuerySchema, documentPageReplySchema } from '../documentSearch.ts';
import { gridLayoutQuerySchema, gridLayoutReplySchema, saveGridLayoutRequestSchema } from '../grid.ts';
import { noteTypesReplySchema } from '../notes.ts';
import { groupsReplySchema, practicesByGroupsQuerySchema, practicesByGroupsReplySchema } from '../organisation.ts';
import {
  recentsReplySchema,
  selectionReplySchema,
  selectorListsSchema,
  selectorSearchQuerySchema,
  workGroupIDQuerySchema,
  workGroupsReplySchema,
  workGroupValuesReplySchema,
} from '../organisationSelector.ts';
import { patientIDQuerySchema } from '../patients.ts';
import { patientRepositoryCalls } from './patientRecord.ts';
import { monthEndRepositoryCalls } from './monthEnd.ts';
import { repositoryCoverageCalls } from './patientCoverage.ts';
import { activeProvidersQuerySchema, activeProvidersReplySchema } from '../providerAdmin.ts';
import { globalSearchQuerySchema, globalSearchRecentsQuerySchema, globalSearchReplySchema } from '../search.ts';
import { taskTypesReplySchema } from '../tasks.ts';

export const Repository = controller('Repository', {
  ...repositoryCoverageCalls,
  ...patientRepositoryCalls,
  getOrganizationSelector: get('session', { input: noInput, reply: selectorListsSchema }),
  getWorkGroups: get('session', { input: noInput, reply: workGroupsReplySchema }),
  workGroupSelectValues: get('session', { input: workGroupIDQuerySchema, reply: workGroupValuesReplySchema }),
  getSelectorDatabyID: get('session', { input: noInput, reply: selectionReplySchema }),
  getFavorites: get('session', { input: noInput, reply: selectorListsSchema }),
  getRecents: get('session', { input: noInput, reply: recentsReplySchema }),
  searchOrganizationSelector: get('session', { input: selectorSearchQuerySchema, reply: selectorListsSchema }),
  getPatientInsurance: get('session', { input: patientIDQuerySchema, reply: patientCoveragesReplySchema }),
  getLookupDropowns: get('session', { input: noInput, reply: lookupDropdownsReplySchema }),
  getAssignClaimTo: get('session', { input: assignClaimToQuerySchema, reply: assigneesReplySchema }),
  getReferringProvider: get('session', { input: referringProviderQuerySchema, reply: referringProvidersReplySchema }),
  getGlobalSearchRecents: get('session', { input: globalSearchRecentsQuerySchema, reply: globalSearchReplySchema }),
  getGroups: get('session', { input: noInput, reply: groupsReplySchema }),
  getPractices: get('session', { input: practicesQuerySchema, reply: practicesReplySchema }),
  getFacilities: get('session', { input: facilitiesQuerySchema, reply: facilitiesReplySchema }),
  getProviders: get('session', { input: providersQuerySchema, reply: providersReplySchema }),
  getCPTCodes: get('session', { input: codeSearchQuerySchema, reply: codeSearchReplySchema }),
  getICDCodes: get('session', { input: codeSearchQuerySchema, reply: codeSearchReplySchema }),
  getChargeBatches: get('session', { input: chargeBatchSearchSchema, reply: chargeBatchOptionsReplySchema }),
  getChargeBatchDocument: get('session', { input: chargeBatchDocumentQuerySchema, reply: batchDocumentsReplySchema }),
  getDocumentPage: get('session', { input: documentIDQuerySchema, reply: documentPageReplySchema }),
  GetDataRoles: get('ADMIN_DATA_ROLES', { input: noInput, reply: dataRolesReplySchema }),
  getDataRoleGroups: get('ADMIN_DATA_ROLES', { input: dataRoleGroupsQuerySchema, reply: dataRoleGroupsReplySchema }),
  getDataRolePractices: get('ADMIN_DATA_ROLES', {
    input: dataRolePracticesQuerySchema,
    reply: dataRolePracticesReplySchema,
  }),
  getClaimScreen: get('session', { input: claimScreenQuerySchema, reply: claimScreenReplySchema }),
  getNoteType: get('session', { input: noInput, reply: noteTypesReplySchema }),
  getTaskTypes: get('session', { input: noInput, reply: taskTypesReplySchema }),
  getClaimHoverInfo: get('session', { input: claimHoverQuerySchema, reply: claimHoverInfoSchema }),
  getChargeStatus: get('session', { input: noInput, reply: valueLabelListSchema }),
  GetBatchTypes: get('session', { input: emptyQuerySchema, reply: namesReplySchema }),
  getGridLayout: get('session', { input: gridLayoutQuerySchema, reply: gridLayoutReplySchema }),
  getReasonCode: get('session', { input: adjustmentCodesQuerySchema, reply: adjustmentCodesReplySchema }),
  getRemarkCode: get('session', { input: adjustmentCodesQuerySchema, reply: adjustmentCodesReplySchema }),
  getSystemGlobalSearch: get('session', { input: globalSearchQuerySchema, reply: globalSearchReplySchema }),
  ...monthEndRepositoryCalls,
  getPopupDetailsDatabyID: get('session', { input: popupQuerySchema, reply: popupReplySchema }),
  getStartAndEndTimeDropdown: get('session', { input: noInput, reply: valueLabelListSchema }),
  getPaymentLedgerDetail: get('session', { input: ledgerIDOnlySchema, reply: paymentLedgerDetailReplySchema }),
  getAutoPopulateClaimsData: get('session', { input: patientIDOnlySchema, reply: autoPopulateReplySchema }),
  getActiveProviders: get('session', { input: activeProvidersQuerySchema, reply: activeProvidersReplySchema }),
  getPracticesByMultiGroups: get('session', {
    input: practicesByGroupsQuerySchema,
    reply: practicesByGroupsReplySchema,
  }),
  saveDataRole: post('ADMIN_DATA_ROLES', { input: saveDataRoleRequestSchema, reply: idMessageReplySchema }),
  updateDataRoleData: post('ADMIN_DATA_ROLES', { input: updateDataRoleRequestSchema, reply: messageReplySchema }),
  updateDataRoleActive: post('ADMIN_DATA_ROLES', {
    input: updateDataRoleActiveRequestSchema,
    reply: messageReplySchema,
  }),
  addUpdateGridLayout: post('session', { input: saveGridLayoutRequestSchema, reply: messageReplySchema }),
});
