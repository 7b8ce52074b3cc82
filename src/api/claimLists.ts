import { messageReplySchema, type MessageReply } from '../../contract/auth.ts';
import {
  arSectionReplySchema,
  claimHoverInfoSchema,
  claimStatusCategoriesReplySchema,
  type ArSectionReply,
  type ClaimHoverInfo,
  type ClaimStatusCategoriesReply,
} from '../../contract/claimLists.ts';
import { claimSearchReplySchema, type ClaimFilter, type ClaimSearchParams, type ClaimSearchReply } from '../../contract/claims.ts';
import {
  CLAIMS_LIST_MODULE_URL,
  savedReportSchema,
  savedReportsReplySchema,
  type SavedClaimSearch,
  type SavedReport,
  type SavedReportsReply,
} from '../../contract/savedSearches.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const arClaimsCall: ApiCall<ClaimSearchReply> = { controller: 'Claims', name: 'getARClaimsSearchData', reply: claimSearchReplySchema };
const categoriesCall: ApiCall<ClaimStatusCategoriesReply> = { controller: 'Claims', name: 'getAllClaimsSearchStatusCategories', reply: claimStatusCategoriesReplySchema };
const arSectionsCall: ApiCall<ArSectionReply> = { controller: 'Claims', name: 'getARClaimsSectionData', reply: arSectionReplySchema };
const hoverCall: ApiCall<ClaimHoverInfo> = { controller: 'Repository', name: 'getClaimHoverInfo', reply: claimHoverInfoSchema };
const savedReportsCall: ApiCall<SavedReportsReply> = { controller: 'SavedReports', name: 'GetSavedReports', reply: savedReportsReplySchema };
const addSavedReportCall: ApiCall<SavedReport> = { controller: 'SavedReports', name: 'AddSavedReport', reply: savedReportSchema };
const deleteSavedReportCall: ApiCall<MessageReply> = { controller: 'SavedReports', name: 'DeleteSavedReport', reply: messageReplySchema };

/** One page of the accounts-receivable list: the all-claims list limited to claims still owed. */
export function getARClaimsSearchData(query: ClaimSearchParams, options?: CallOptions): Promise<ClaimSearchReply> {
  return callApi(arClaimsCall, { ...query }, options);
}

/** Claims per status category under the filter (its own status choice left out): the status chips. */
export function getAllClaimsSearchStatusCategories(filter: ClaimFilter, options?: CallOptions): Promise<ClaimStatusCategoriesReply> {
  return callApi(categoriesCall, { ...filter }, options);
}

/** Receivable claims and balance per aging bucket under the filter. */
export function getARClaimsSectionData(filter: ClaimFilter, options?: CallOptions): Promise<ArSectionReply> {
  return callApi(arSectionsCall, { ...filter }, options);
}

export function getClaimHoverInfo(claimID: number, options?: CallOptions): Promise<ClaimHoverInfo> {
  return callApi(hoverCall, { claimID }, options);
}

/** The user's saved searches of the claims list, newest first. */
export async function getSavedClaimSearches(options?: CallOptions): Promise<SavedReport[]> {
  return (await callApi(savedReportsCall, { moduleUrl: CLAIMS_LIST_MODULE_URL }, options)).reports;
}

export function addSavedClaimSearch(name: string, params: SavedClaimSearch, options?: CallOptions): Promise<SavedReport> {
  return callApi(addSavedReportCall, { moduleUrl: CLAIMS_LIST_MODULE_URL, name, params }, options);
}

export function deleteSavedClaimSearch(id: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(deleteSavedReportCall, { id }, options);
}
