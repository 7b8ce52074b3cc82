import { type MessageReply } from '../../contract/auth.ts';
import {
  type ArSectionReply,
  type ClaimHoverInfo,
  type ClaimStatusCategoriesReply,
} from '../../contract/claimLists.ts';
import { type ClaimFilter, type ClaimSearchParams, type ClaimSearchReply } from '../../contract/claims.ts';
import { CLAIMS_LIST_MODULE_URL, type SavedClaimSearch, type SavedReport } from '../../contract/savedSearches.ts';
import { callApi, type CallOptions } from './client.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { SavedReports } from '../../contract/calls/savedReports.ts';

/** One page of the accounts-receivable list: the all-claims list limited to claims still owed. */
export function getARClaimsSearchData(query: ClaimSearchParams, options?: CallOptions): Promise<ClaimSearchReply> {
  return callApi(Claims.getARClaimsSearchData, { ...query }, options);
}

/** Claims per status category under the filter (its own status choice left out): the status chips. */
export function getAllClaimsSearchStatusCategories(
  filter: ClaimFilter,
  options?: CallOptions,
): Promise<ClaimStatusCategoriesReply> {
  return callApi(Claims.getAllClaimsSearchStatusCategories, { ...filter }, options);
}

/** Receivable claims and balance per aging bucket under the filter. */
export function getARClaimsSectionData(filter: ClaimFilter, options?: CallOptions): Promise<ArSectionReply> {
  return callApi(Claims.getARClaimsSectionData, { ...filter }, options);
}

export function getClaimHoverInfo(claimID: number, options?: CallOptions): Promise<ClaimHoverInfo> {
  return callApi(Repository.getClaimHoverInfo, { claimID }, options);
}

/** The user's saved searches of the claims list, newest first. */
export async function getSavedClaimSearches(options?: CallOptions): Promise<SavedReport[]> {
  return (await callApi(SavedReports.GetSavedReports, { moduleUrl: CLAIMS_LIST_MODULE_URL }, options)).reports;
}

export function addSavedClaimSearch(
  name: string,
  params: SavedClaimSearch,
  options?: CallOptions,
): Promise<SavedReport> {
  return callApi(SavedReports.AddSavedReport, { moduleUrl: CLAIMS_LIST_MODULE_URL, name, params }, options);
}

export function deleteSavedClaimSearch(id: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(SavedReports.DeleteSavedReport, { id }, options);
}
