import { type MessageReply } from '../../contract/auth.ts';
import {
  type ArSectionReply,
  type ClaimHoverInfo,
  type ClaimStatusCategoriesReply,
} from '../../contract/claimLists.ts';
import { type ClaimFilter, type ClaimSearchParams, type ClaimSearchReply } from '../../contract/claims.ts';
import {
  CLAIMS_LIST_MODULE_URL,
  type SavedClaimSearch,
  type SavedReport,
  type SavedReportParams,
} from '../../contract/savedSearches.ts';
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

/** A saved search of the claims list: its parameters are the list's filter and sort. */
export type SavedClaimSearchEntry = Omit<SavedReport, 'params'> & { params: SavedClaimSearch | null };

const isClaimSearch = (params: SavedClaimSearch | SavedReportParams | null): params is SavedClaimSearch =>
  params !== null && typeof params['filter'] === 'object';

function claimSearchEntry(report: SavedReport): SavedClaimSearchEntry {
  return { ...report, params: isClaimSearch(report.params) ? report.params : null };
}

/** The user's saved searches of the claims list, newest first. */
export async function getSavedClaimSearches(options?: CallOptions): Promise<SavedClaimSearchEntry[]> {
  const reply = await callApi(SavedReports.GetSavedReports, { moduleUrl: CLAIMS_LIST_MODULE_URL }, options);
  return reply.reports.map(claimSearchEntry);
}

export async function addSavedClaimSearch(
  name: string,
  params: SavedClaimSearch,
  options?: CallOptions,
): Promise<SavedClaimSearchEntry> {
  return claimSearchEntry(
    await callApi(SavedReports.AddSavedReport, { moduleUrl: CLAIMS_LIST_MODULE_URL, name, params }, options),
  );
}

export function deleteSavedClaimSearch(id: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(SavedReports.DeleteSavedReport, { id }, options);
}
