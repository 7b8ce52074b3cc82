/** What commands and the shell may use of the organisation selector. */
export { OrganisationSelector } from './OrganisationSelector.tsx';
export { useScopeRevision } from './useScopeRevision.ts';
export {
  applySelection,
  appliedSummary,
  closeSelector,
  deleteWorkGroup,
  flatten,
  loadAppliedSelection,
  loadWorkGroups,
  openSelector,
  removeFromWorkGroup,
  renameWorkGroup,
  saveWorkGroup,
  selector,
  toggleFavorite,
  workGroupView,
} from './selectorStore.ts';
