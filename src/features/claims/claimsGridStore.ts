/**
 * The all-claims grid as commands see it: its columns (order, widths, hidden, frozen), the column
 * under the cursor, the filter and sort it shows and how many rows match. Commands (move or hide
 * a column, filter, export, bulk runs) change or read this store; the grid and its page draw from
 * it, so no command reaches into the grid, and every command sees the filter on screen.
 */
import type { ClaimFilter, ClaimFilterField, ClaimSortColumn } from '../../../contract/claims.ts';
import type { SavedClaimSearch } from '../../../contract/savedSearches.ts';
import {
  applyLayout,
  defaultColumns,
  freezeColumns,
  moveColumn,
  moveColumnTo,
  resizeColumn,
  toggleColumn,
  type ColumnsState,
} from '../../grid/columnLayout.ts';
import type { SortOrder } from '../../grid/sortState.ts';
import { recordsChanged } from '../../state/recordsChanged.ts';
import { selectRecords } from '../../state/selection.ts';
import { defineStore } from '../../state/store.ts';
import { CLAIM_COLUMNS } from './claimColumns.ts';
import type { GridLayout } from '../../../contract/grid.ts';

export interface ClaimsGridState {
  /** Grids showing claims now; commands about the grid apply while one is on screen. */
  onScreen: number;
  columns: ColumnsState;
  /** Bumped on every change the biller made, so the layout is saved once per change. */
  layoutEdits: number;
  /** The column of the cursor cell ('Move column left' moves this one). */
  focusedColumn: string | null;
  sort: { column: ClaimSortColumn; order: SortOrder };
  /** The list's whole filter, the search box's text included; `ar: 'true'` shows the AR list. */
  filter: ClaimFilter;
  /** Names for the ids in the filter, by field, for its chips ("Payer: Aetna"). */
  filterLabels: Partial<Record<ClaimFilterField, string>>;
  total: number | null;
  /** Claims to show as selected, set from outside the grid (a bulk run's "select the failed"). */
  picked: { ids: number[]; token: number } | null;
}

export const claimsGrid = defineStore<ClaimsGridState>(() => ({
  onScreen: 0,
  columns: defaultColumns(CLAIM_COLUMNS),
  layoutEdits: 0,
  focusedColumn: null,
  sort: { column: 'claimID', order: 'desc' },
  filter: {},
  filterLabels: {},
  total: null,
  picked: null,
}));

/** Whether a claims list (the page or a pane's grid) is on screen: commands about the grid apply then. */
export function claimsListOnScreen(): boolean {
  return claimsGrid.onScreen > 0;
}

/** How many claims match the list's search; null while not known. */
export function claimsListTotal(): number | null {
  return claimsGrid.total;
}

/** The column of the list's cursor cell, null when none. */
export function focusedClaimColumn(): string | null {
  return claimsGrid.focusedColumn;
}

/** The list's columns: order, widths, hidden and frozen. */
export function claimColumnsShown(): ColumnsState {
  return claimsGrid.columns;
}

/** The list's whole filter, the search box's text included. */
export function claimFilterShown(): ClaimFilter {
  return claimsGrid.filter;
}

/** Names for the ids in the filter, by field ("Payer: Aetna"). */
export function claimFilterLabelsShown(): Partial<Record<ClaimFilterField, string>> {
  return claimsGrid.filterLabels;
}

/** Claims changed, which ones not said: every claims list reads its rows in view again (recordsChanged('claim')). */
export function claimRowsChanged(): void {
  recordsChanged('claim');
}

function edit(next: ColumnsState): void {
  if (next === claimsGrid.columns) return;
  claimsGrid.columns = next;
  claimsGrid.layoutEdits += 1;
}

/** The saved layout arrived (or failed: null gives the default). Not an edit: nothing to save. */
export function restoreLayout(layout: GridLayout | null): void {
  claimsGrid.columns = applyLayout(CLAIM_COLUMNS, layout);
}

export function resizeClaimColumn(id: string, width: number, done: boolean): void {
  const next = resizeColumn(claimsGrid.columns, id, width);
  if (done) edit(next);
  else claimsGrid.columns = next;
}

export function moveFocusedColumn(by: number): boolean {
  const id = claimsGrid.focusedColumn;
  if (!id) return false;
  edit(moveColumn(claimsGrid.columns, id, by));
  return true;
}

export function dropClaimColumn(id: string, onto: string): void {
  edit(moveColumnTo(claimsGrid.columns, id, onto));
}

export function toggleClaimColumn(id: string): void {
  edit(toggleColumn(claimsGrid.columns, id));
}

export function freezeClaimColumns(count: number): void {
  edit(freezeColumns(claimsGrid.columns, count));
}

/** Selects these claims for commands and marks the loaded ones in the grid. */
export function pickClaims(ids: readonly number[]): void {
  selectRecords('claim', ids);
  claimsGrid.picked = { ids: [...ids], token: (claimsGrid.picked?.token ?? 0) + 1 };
}

const sameEntries = (a: object, b: object) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Sets filter fields (undefined or '' removes one), with the names to show for them. Nothing
 * changes when nothing would: a new filter object makes the list read its rows again.
 */
export function setClaimFilter(
  patch: Partial<ClaimFilter>,
  labels: Partial<Record<ClaimFilterField, string>> = {},
): void {
  const filter: Record<string, unknown> = { ...claimsGrid.filter };
  const names: Record<string, string | undefined> = { ...claimsGrid.filterLabels };
  for (const [field, value] of Object.entries(patch)) {
    filter[field] = value;
    names[field] = labels[field as ClaimFilterField];
  }
  const nextFilter = Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
  );
  const nextLabels = Object.fromEntries(
    Object.entries(names).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && nextFilter[entry[0]] !== undefined,
    ),
  );
  if (!sameEntries(nextFilter, claimsGrid.filter)) claimsGrid.filter = nextFilter;
  if (!sameEntries(nextLabels, claimsGrid.filterLabels)) claimsGrid.filterLabels = nextLabels;
}

export function removeClaimFilters(fields: readonly ClaimFilterField[]): void {
  setClaimFilter(Object.fromEntries(fields.map((field) => [field, undefined])));
}

/** Drops every filter but the search box's text, which has its own Escape. */
export function clearClaimFilters(): void {
  claimsGrid.filter = claimsGrid.filter.search ? { search: claimsGrid.filter.search } : {};
  claimsGrid.filterLabels = {};
}

/** Switches the accounts-receivable list on or off; returns whether it is now on. */
export function toggleAccountsReceivable(): boolean {
  const on = claimsGrid.filter.ar !== 'true';
  setClaimFilter({ ar: on ? 'true' : undefined });
  return on;
}

export function setClaimSort(sort: ClaimsGridState['sort']): void {
  claimsGrid.sort = { ...sort };
}

/** The list as it is now, to save under a name. */
export function currentClaimSearch(): SavedClaimSearch {
  return { filter: { ...claimsGrid.filter }, sort: { ...claimsGrid.sort }, labels: { ...claimsGrid.filterLabels } };
}

export function applyClaimSearch(search: SavedClaimSearch): void {
  claimsGrid.filter = { ...search.filter };
  claimsGrid.filterLabels = { ...search.labels };
  claimsGrid.sort = { ...search.sort };
}
