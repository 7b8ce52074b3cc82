/**
 * The charge and document batch screens' batches, the one under the list cursor or shown on the
 * detail, and a reload counter, in a store so that "Edit charge batch…" and "Edit document
 * batch…" act on the batch the screen's keys would, and the screens read again after a change.
 */
import type { BatchesReply, ChargeBatch, DocumentBatch } from '../../../contract/batches.ts';
import { defineStore } from '../../state/store.ts';

/** A row of the document batch list (getBatchesData), which carries no batch type. */
export type DocumentBatchRow = BatchesReply['batches'][number];

interface ChargeDocumentBatchesScreen {
  /** The charge batch list's cursor batch, null off that screen or while it is empty. */
  chargeCursor: ChargeBatch | null;
  /** The charge batch its detail screen shows, null off it. */
  chargeShown: ChargeBatch | null;
  documentCursor: DocumentBatchRow | null;
  documentShown: DocumentBatch | null;
  /** Bumped after a create or an edit: the four screens read again. */
  revision: number;
}

export const chargeDocumentBatchesOnScreen = defineStore((): ChargeDocumentBatchesScreen => ({ chargeCursor: null, chargeShown: null, documentCursor: null, documentShown: null, revision: 0 }));

export function chargeDocumentBatchesChanged(): void {
  chargeDocumentBatchesOnScreen.revision += 1;
}

/** The charge batch the biller is on: the detail screen's, else the list's cursor batch. */
export function currentChargeBatch(): ChargeBatch | null {
  return chargeDocumentBatchesOnScreen.chargeShown ?? chargeDocumentBatchesOnScreen.chargeCursor;
}

/** The document batch the biller is on, by ID and number (the list rows carry no more). */
export function currentDocumentBatch(): { documentBatchID: number; batchNumber: string; status: string; description: string | null } | null {
  const { documentShown, documentCursor } = chargeDocumentBatchesOnScreen;
  if (documentShown !== null) return documentShown;
  return documentCursor === null ? null : { documentBatchID: documentCursor.batchID, batchNumber: documentCursor.batchNumber, status: documentCursor.status, description: documentCursor.description };
}
