/** The document search's filters, and how its pages and rows read. */
import {
  DOCUMENT_OWNER_NAMES,
  DOCUMENT_PAGE_SIZE,
  type DocumentOwner,
  type DocumentPlace,
  type DocumentSearchQuery,
} from '../../../contract/documentSearch.ts';

export const DOCUMENT_DATA_FAILED = 'Error in Fetching Document Data';
export const DOCUMENT_PAGE_FAILED = 'Error in Fetching Document Page Data';

export interface DocumentFilters {
  /** A file name or batch number, or part of one; '' for every document. */
  searchValue: string;
  owner: DocumentOwner | 'all';
  /** One document batch's files, in upload order (Batches/getDocumentData). */
  documentBatchID: number | null;
}

export const NO_DOCUMENT_FILTERS: DocumentFilters = { searchValue: '', owner: 'all', documentBatchID: null };

/** The search's query for the filters and page. */
export function documentQuery(filters: DocumentFilters, pageNumber: number): DocumentSearchQuery {
  return {
    ...(filters.searchValue.trim() === '' ? {} : { searchValue: filters.searchValue.trim() }),
    ...(filters.owner === 'all' ? {} : { owner: filters.owner }),
    pageNumber,
    pageSize: DOCUMENT_PAGE_SIZE,
  };
}

export const lastDocumentPage = (total: number) => Math.max(1, Math.ceil(total / DOCUMENT_PAGE_SIZE));

/** "Documents 26-50 of 112". */
export function documentPageText(pageNumber: number, shown: number, total: number): string {
  if (total === 0) return 'No documents';
  const first = (pageNumber - 1) * DOCUMENT_PAGE_SIZE + 1;
  return `Documents ${first.toLocaleString('en-US')}-${(first + shown - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

/** The list's title: what it is filtered by. */
export function documentFiltersText(filters: DocumentFilters, batchNumber?: string): string {
  if (filters.documentBatchID !== null) return `Files of document batch ${batchNumber ?? filters.documentBatchID}`;
  const parts = [
    filters.owner === 'all' ? 'All documents' : `${DOCUMENT_OWNER_NAMES[filters.owner]} documents`,
    ...(filters.searchValue.trim() === '' ? [] : [`matching “${filters.searchValue.trim()}”`]),
  ];
  return parts.join(' ');
}

/** "Page 2 of 3 of document batch MAIL-0107". */
export function placeText(place: DocumentPlace, owner: DocumentOwner, ownerLabel: string): string {
  const of =
    owner === 'claim' || owner === 'patient'
      ? ownerLabel
      : `${DOCUMENT_OWNER_NAMES[owner].toLowerCase()} ${ownerLabel}`;
  return `Page ${place.pageNumber} of ${place.pageCount} of ${of}`;
}

/** 1536 -> "1.5 KB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
