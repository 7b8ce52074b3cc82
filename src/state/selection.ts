/**
 * What the biller has selected in the focused grid or pane. Grids write it; the console reads it
 * to build the command context, so commands never reach into a grid.
 */
import { defineStore } from './store.ts';

export interface SelectionState {
  recordType: string | null;
  ids: number[];
  /** Set when "all N matching" is selected: the query, not a list of ids, goes to bulk commands. */
  allMatching: { total: number; query: Record<string, string | number> } | null;
}

export const selection = defineStore<SelectionState>(() => ({ recordType: null, ids: [], allMatching: null }));

export function selectRecords(recordType: string, ids: readonly number[]): void {
  selection.recordType = recordType;
  selection.ids = [...ids];
  selection.allMatching = null;
}

export function selectAllMatching(recordType: string, total: number, query: Record<string, string | number>): void {
  selection.recordType = recordType;
  selection.ids = [];
  selection.allMatching = { total, query: { ...query } };
}

export function clearSelection(): void {
  selection.recordType = null;
  selection.ids = [];
  selection.allMatching = null;
}
