/** What the header and the commands use of the global search. */
export { GlobalSearch } from './GlobalSearch.tsx';
export { closeGlobalSearch, globalSearch, openGlobalSearch } from './globalSearchStore.ts';
