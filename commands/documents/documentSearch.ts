/**
 * The document search by keyboard: go there (G then F), search by file name or batch number and
 * kind, turn the list's pages, show a document's page and turn the pages of its batch, claim or
 * patient, open what it hangs on; from a document batch, list its files there.
 */
import { DOCUMENT_OWNER_NAMES, DOCUMENT_OWNERS, type DocumentOwner } from '../../contract/documentSearch.ts';
import type { Command, CommandArgs, CommandContext } from '../../src/console/types.ts';
import {
  NO_DOCUMENT_FILTERS,
  documentSearchOnScreen,
  lastDocumentPage,
  setDocumentFilters,
  setDocumentPage,
  viewDocument,
  type DocumentFilters,
} from '../../src/features/documents/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { DOCUMENT_SEARCH_PATH, PATIENT_FORM, claimDetailPath, documentBatchPath } from '../../src/routing/paths.ts';
import { targetOf } from '../../src/state/target.ts';
import { notInMenuReason } from '../general/screens.ts';

const onSearch = (ctx: CommandContext) => ctx.route === DOCUMENT_SEARCH_PATH;
const searchReason = (ctx: CommandContext) =>
  onSearch(ctx) ? null : 'Open the document search first ("Go to document search", G then F).';

/** The answers of "Search documents…" as the screen's filters. */
export function documentFiltersFrom(args: CommandArgs): DocumentFilters {
  const owner = typeof args.owner === 'string' ? args.owner : 'all';
  return {
    searchValue: typeof args.searchValue === 'string' ? args.searchValue.trim() : '',
    owner: (DOCUMENT_OWNERS as readonly string[]).includes(owner) ? (owner as DocumentOwner) : 'all',
    documentBatchID: null,
  };
}

/** The list's page `by` pages on, or null when there is none that way. */
export function turnedPage(pageNumber: number, totalCount: number, by: 1 | -1): number | null {
  const next = pageNumber + by;
  return next >= 1 && next <= lastDocumentPage(totalCount) ? next : null;
}

const goToDocumentSearch: Command = {
  id: 'nav.goToDocumentSearch',
  title: 'Go to document search',
  group: 'Navigation',
  keywords: ['documents', 'files', 'scans', 'attachments', 'eob', 'find document', 'document page'],
  shortcut: 'g f',
  privilege: 'PAYMENTS',
  disabledReason: (ctx) =>
    notInMenuReason(DOCUMENT_SEARCH_PATH, 'The document search') ??
    (onSearch(ctx) ? 'It is the screen open now.' : null),
  run: () => goTo(DOCUMENT_SEARCH_PATH),
};

const searchDocuments: Command = {
  id: 'documents.search',
  title: 'Search documents…',
  group: 'Documents',
  keywords: ['documents', 'find', 'file name', 'batch number', 'filter'],
  screenKey: 's',
  shortcut: 'Shift+F3',
  privilege: 'PAYMENTS',
  when: onSearch,
  disabledReason: searchReason,
  steps: [
    {
      key: 'searchValue',
      kind: 'text',
      title: 'File name or batch number, or part of one (empty: every document)',
      validate: (value) => (value.trim().length > 100 ? 'At most 100 characters.' : null),
    },
    {
      key: 'owner',
      kind: 'choice',
      title: 'Attached to',
      choices: () => [
        { value: 'all', label: 'Anything' },
        ...DOCUMENT_OWNERS.map((owner) => ({ value: owner, label: DOCUMENT_OWNER_NAMES[owner] })),
      ],
    },
  ],
  run: (_ctx, args) => setDocumentFilters(documentFiltersFrom(args)),
};

const allDocuments: Command = {
  id: 'documents.allDocuments',
  title: 'Show every document',
  group: 'Documents',
  keywords: ['documents', 'clear search', 'all', 'reset'],
  screenKey: 'a',
  shortcut: 'Shift+F4',
  privilege: 'PAYMENTS',
  when: onSearch,
  disabledReason: searchReason,
  run: () => setDocumentFilters(NO_DOCUMENT_FILTERS),
};

const turnListPage = (by: 1 | -1): Command => ({
  id: by > 0 ? 'documents.nextPage' : 'documents.previousPage',
  title: by > 0 ? 'Documents: next page of the list' : 'Documents: previous page of the list',
  group: 'Documents',
  keywords: ['documents', 'page', 'more', by > 0 ? 'next' : 'previous'],
  screenKey: by > 0 ? ']' : '[',
  shortcut: by > 0 ? 'Alt+PageDown' : 'Alt+PageUp',
  privilege: 'PAYMENTS',
  when: onSearch,
  disabledReason: (ctx) =>
    searchReason(ctx) ??
    (turnedPage(documentSearchOnScreen.pageNumber, documentSearchOnScreen.totalCount, by) === null
      ? `It is the ${by > 0 ? 'last' : 'first'} page.`
      : null),
  run: () => {
    const next = turnedPage(documentSearchOnScreen.pageNumber, documentSearchOnScreen.totalCount, by);
    if (next !== null) setDocumentPage(next);
  },
});

const viewPage: Command = {
  id: 'documents.view',
  title: 'Show the document’s page',
  group: 'Documents',
  keywords: ['documents', 'view', 'page', 'open', 'preview', 'scan'],
  screenKey: 'Enter',
  shortcut: 'Shift+F2',
  privilege: 'PAYMENTS',
  when: onSearch,
  disabledReason: (ctx) =>
    searchReason(ctx) ?? (documentSearchOnScreen.cursor === null ? 'No document is listed.' : null),
  run: () => {
    const cursor = documentSearchOnScreen.cursor;
    if (cursor !== null) viewDocument(cursor.documentID);
  },
};

const turnDocumentPage = (by: 1 | -1): Command => ({
  id: by > 0 ? 'documents.nextDocumentPage' : 'documents.previousDocumentPage',
  title: by > 0 ? 'Document: next page' : 'Document: previous page',
  group: 'Documents',
  keywords: ['documents', 'page', 'batch', 'scan', by > 0 ? 'next' : 'previous'],
  screenKey: by > 0 ? 'n' : 'p',
  shortcut: by > 0 ? 'Alt+Shift+PageDown' : 'Alt+Shift+PageUp',
  privilege: 'PAYMENTS',
  when: onSearch,
  disabledReason: (ctx) => {
    const place = documentSearchOnScreen.place;
    if (searchReason(ctx) !== null) return searchReason(ctx);
    if (documentSearchOnScreen.viewing === null) return 'Show a document’s page first (Enter).';
    if (place === null || documentSearchOnScreen.placeOf !== documentSearchOnScreen.viewing)
      return 'The page is still loading.';
    const next = by > 0 ? place.nextDocumentID : place.previousDocumentID;
    return next === null ? `It is the ${by > 0 ? 'last' : 'first'} page.` : null;
  },
  run: () => {
    const { place, placeOf, viewing } = documentSearchOnScreen;
    const next =
      place === null || placeOf !== viewing ? null : by > 0 ? place.nextDocumentID : place.previousDocumentID;
    if (next !== null) viewDocument(next);
  },
});

/** Where a document's claim, batch or patient opens. */
export function ownerPath(row: {
  owner: DocumentOwner;
  claimID: number | null;
  documentBatchID: number | null;
  patientID: number | null;
}): string | null {
  if (row.owner === 'claim' && row.claimID !== null) return claimDetailPath(row.claimID);
  if (row.owner === 'documentBatch' && row.documentBatchID !== null) return documentBatchPath(row.documentBatchID);
  if (row.owner === 'patient' && row.patientID !== null) return PATIENT_FORM.path(row.patientID);
  return null;
}

const openOwner: Command = {
  id: 'documents.openOwner',
  title: 'Open what the document is attached to',
  group: 'Documents',
  keywords: ['documents', 'claim', 'batch', 'patient', 'open', 'go to'],
  screenKey: 'o',
  shortcut: 'Shift+F7',
  privilege: 'PAYMENTS',
  when: onSearch,
  disabledReason: (ctx) => {
    const cursor = documentSearchOnScreen.cursor;
    if (searchReason(ctx) !== null) return searchReason(ctx);
    if (cursor === null) return 'No document is listed.';
    return ownerPath(cursor) === null
      ? `A ${DOCUMENT_OWNER_NAMES[cursor.owner].toLowerCase()} has no screen of its own here.`
      : null;
  },
  run: () => {
    const cursor = documentSearchOnScreen.cursor;
    const path = cursor === null ? null : ownerPath(cursor);
    if (path !== null) goTo(path);
  },
};

const batchFiles: Command = {
  id: 'documents.batchFiles',
  title: 'List the document batch’s files in the document search',
  group: 'Documents',
  keywords: ['document batch', 'files', 'pages', 'scans', 'documents'],
  shortcut: 'Shift+F9',
  privilege: 'PAYMENTS',
  when: () => targetOf('documentBatch', (batch) => batch.open) !== null,
  disabledReason: () =>
    targetOf('documentBatch', (batch) => batch.open) === null ? 'Open a document batch first.' : null,
  run: () => {
    const batch = targetOf('documentBatch', (each) => each.open);
    if (batch === null) return;
    setDocumentFilters({ ...NO_DOCUMENT_FILTERS, documentBatchID: batch.id });
    goTo(DOCUMENT_SEARCH_PATH);
  },
};

export const documentSearchCommands: readonly Command[] = [
  goToDocumentSearch,
  searchDocuments,
  allDocuments,
  turnListPage(1),
  turnListPage(-1),
  viewPage,
  turnDocumentPage(1),
  turnDocumentPage(-1),
  openOwner,
  batchFiles,
];
