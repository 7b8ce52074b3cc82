/** The header's global search: whether its dropdown is open and on which tab; the commands open it. */
import { defineStore } from '../../state/store.ts';

export type GlobalSearchTab = 'results' | 'recents';

export interface GlobalSearchState {
  open: boolean;
  tab: GlobalSearchTab;
  /** Moves each time a command asks for the keyboard in the search field. */
  focusRequests: number;
}

export const globalSearch = defineStore<GlobalSearchState>(() => ({ open: false, tab: 'recents', focusRequests: 0 }));

/** Puts the keyboard in the header's search field, the dropdown open on `tab`. */
export function openGlobalSearch(tab: GlobalSearchTab): void {
  globalSearch.open = true;
  globalSearch.tab = tab;
  globalSearch.focusRequests += 1;
}

export function closeGlobalSearch(): void {
  globalSearch.open = false;
}
