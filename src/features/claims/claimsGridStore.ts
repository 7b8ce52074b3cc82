/**
 * The all-claims grid as commands see it: its columns (order, widths, hidden, frozen), the column
 * under the cursor, the search it shows and how many rows match. Commands (move or hide a column,
 * export) change or read this store; the grid draws from it, so no command reaches into the grid.
 */
import type { ClaimFilter, ClaimSortColumn } from '../../../contract/claims.ts';
import { applyLayout, defaultColumns, freezeColumns, moveColumn, moveColumnTo, resizeColumn, toggleColumn, type ColumnsState } from '../../grid/columnLayout.ts';
import type { SortOrder } from '../../grid/sortState.ts';
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
  filter: ClaimFilter;
  total: number | null;
  /** Claims to show as selected, set from outside the grid (a bulk run's "select the failed"). */
  picked: { ids: number[]; token: number } | null;
  /** Bumped when a command changed claims (scrub, submit): the grid reads its rows in view again. */
  revision: number;
}

export const claimsGrid = defineStore<ClaimsGridState>(() => ({
  onScreen: 0,
  columns: defaultColumns(CLAIM_COLUMNS),
  layoutEdits: 0,
  focusedColumn: null,
  sort: { column: 'claimID', order: 'desc' },
  filter: {},
  total: null,
  picked: null,
  revision: 0,
}));

export function claimRowsChanged(): void {
  claimsGrid.revision += 1;
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
