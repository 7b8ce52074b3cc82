/**
 * The denial management screen's filters and page, in a store so that the palette's "Filter
 * denials…" sets them the same way the screen's own fields do.
 */
import { defineStore } from '../../state/store.ts';
import { NO_FILTERS, type DenialFilters } from './denialText.ts';

export const denialsOnScreen = defineStore(() => ({
  filters: { ...NO_FILTERS },
  pageNumber: 1,
}));

/** New filters start from the first page. */
export function setDenialFilters(filters: DenialFilters): void {
  denialsOnScreen.filters = { ...filters };
  denialsOnScreen.pageNumber = 1;
}

export function setDenialPage(pageNumber: number): void {
  denialsOnScreen.pageNumber = pageNumber;
}
