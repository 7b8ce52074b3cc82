/** What commands may use of the document search: its filters, page and viewer. */
export { documentSearchOnScreen, setDocumentFilters, setDocumentPage, viewDocument } from './documentSearchOnScreen.ts';
export { NO_DOCUMENT_FILTERS, lastDocumentPage, type DocumentFilters } from './documentText.ts';
