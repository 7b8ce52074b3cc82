import type { ClaimFilter, ClaimSearchReply, ClaimSortColumn } from '../../../contract/claims.ts';
import { getAllClaimsSearchData } from '../../api/claims.ts';
import { getARClaimsSearchData } from '../../api/claimLists.ts';
import type { CallOptions } from '../../api/client.ts';
import { getGridLayout } from '../../api/gridLayout.ts';
import { GRID_PAGE_SIZE } from '../../grid/usePagedGrid.ts';
import type { SortOrder } from '../../grid/sortState.ts';
import { claimsGrid } from './claimsGridStore.ts';
import { ALL_CLAIMS_GRID } from './useClaimsLayout.ts';

/** Page `pageIndex` (from 0) of the claims list: all claims, or the AR list when the filter says so. */
export function fetchClaimsPage(
  filter: ClaimFilter,
  sort: { column: ClaimSortColumn; order: SortOrder },
  pageIndex: number,
  pageSize: number,
  options: CallOptions,
): Promise<ClaimSearchReply> {
  const list = filter.ar === 'true' ? getARClaimsSearchData : getAllClaimsSearchData;
  return list(
    { pageNumber: pageIndex + 1, pageSize, sortColumn: sort.column, sortOrder: sort.order, ...filter },
    options,
  );
}

/**
 * The claims list's first page and column layout, asked for as a full page load starts, before
 * React has built the list (`earlyCalls.ts`); the list's own calls take these answers.
 */
export function startClaimsListEarly(): void {
  const ignore = () => undefined;
  fetchClaimsPage(claimsGrid.filter, claimsGrid.sort, 0, GRID_PAGE_SIZE, { early: true }).catch(ignore);
  getGridLayout(ALL_CLAIMS_GRID, { early: true }).catch(ignore);
}
