/**
 * The batch a detail screen (payment, charge or document) shows, and a reload counter, in a
 * store: "Attach a file to a batch…" attaches to the shown batch without asking, then bumps the
 * counter so the screen reads its Files list again.
 */
import { useEffect } from 'react';
import type { BatchKind } from '../../../contract/batches.ts';
import { defineStore } from '../../state/store.ts';
import { useStore } from '../../state/useStore.ts';

export interface ShownBatch {
  kind: BatchKind;
  batchID: number;
  batchNumber: string;
}

interface BatchDetailScreen {
  /** Null off the detail screens or while the batch loads. */
  shown: ShownBatch | null;
  /** Bumped after a file was attached: the detail screen reads again. */
  revision: number;
}

export const batchDetailOnScreen = defineStore((): BatchDetailScreen => ({ shown: null, revision: 0 }));

export function showBatchDetail(shown: ShownBatch | null): void {
  batchDetailOnScreen.shown = shown;
}

export function batchFilesChanged(): void {
  batchDetailOnScreen.revision += 1;
}

/** The revision a detail screen reads its batch by: it reads again once a file was attached. */
export function useBatchFilesRevision(): number {
  return useStore(batchDetailOnScreen).revision;
}

/** A detail screen publishes the batch it shows, and clears it when it leaves. */
export function useShownBatch(kind: BatchKind, batchID: number | null, batchNumber: string | null): void {
  useEffect(() => showBatchDetail(batchID === null || batchNumber === null ? null : { kind, batchID, batchNumber }), [kind, batchID, batchNumber]);
  useEffect(() => () => showBatchDetail(null), []);
}
