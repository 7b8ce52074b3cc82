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

/**
 * A grid writes the store a moment after its selection rests (and after fetching the ids of rows
 * not loaded yet). Until then the store still holds the previous selection, so a command run at
 * once (Ctrl+A twice, then Alt+S) would act on what the biller no longer sees. The grid registers
 * how to write the store now; a command run waits for it.
 */
let pendingWrite: (() => Promise<void>) | null = null;

/** Registers the write the grid has scheduled; returns the unregister (a no-op once replaced). */
export function setPendingSelectionWrite(write: () => Promise<void>): () => void {
  pendingWrite = write;
  return () => {
    if (pendingWrite === write) pendingWrite = null;
  };
}

/** Writes a scheduled selection at once and waits for it, so the store holds what is on screen. */
export async function selectionSettled(): Promise<void> {
  // A write may be replaced by a newer selection while it fetches ids: follow it, a few times at most.
  for (let round = 0; round < 5 && pendingWrite !== null; round += 1) {
    const write = pendingWrite;
    await write();
    if (pendingWrite === write) pendingWrite = null;
  }
}
