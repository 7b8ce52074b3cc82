/**
 * The document search's filters, page and the document shown, in a store so the palette's
 * commands set them as the screen's own keys do.
 */
import type { DocumentPlace, DocumentRow } from '../../../contract/documentSearch.ts';
import { defineStore } from '../../state/store.ts';
import { NO_DOCUMENT_FILTERS, type DocumentFilters } from './documentText.ts';

export const documentSearchOnScreen = defineStore(() => ({
  filters: { ...NO_DOCUMENT_FILTERS },
  pageNumber: 1,
  /** The document whose page is shown, null while none is. */
  viewing: null as number | null,
  /** Moved to read the list again. */
  revision: 0,
  /** What the screen shows, for the commands: the list's size, the cursor row, the shown page's place. */
  totalCount: 0,
  cursor: null as DocumentRow | null,
  place: null as DocumentPlace | null,
  /** The document `place` is of: while it is not the one viewing, the page is still loading. */
  placeOf: null as number | null,
}));

/** The screen tells the commands what it shows now. */
export function documentsSeen(
  seen: Partial<Pick<typeof documentSearchOnScreen, 'totalCount' | 'cursor' | 'place' | 'placeOf'>>,
): void {
  Object.assign(documentSearchOnScreen, seen);
}

/** New filters start from the first page, with no document shown. */
export function setDocumentFilters(filters: DocumentFilters): void {
  documentSearchOnScreen.filters = { ...filters };
  documentSearchOnScreen.pageNumber = 1;
  documentSearchOnScreen.viewing = null;
}

export function setDocumentPage(pageNumber: number): void {
  documentSearchOnScreen.pageNumber = pageNumber;
}

/** Shows a document's page (null closes the viewer). */
export function viewDocument(documentID: number | null): void {
  documentSearchOnScreen.viewing = documentID;
}
