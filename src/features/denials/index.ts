/** What commands may use of the denial management screen: set its filters. */
export { setDenialFilters } from './denialsOnScreen.ts';
export { NO_FILTERS, type DenialFilters } from './denialText.ts';
