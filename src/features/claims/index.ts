/**
 * What commands may use of the claims list: its view state (columns, filter, sort; read through
 * the functions below and changed through the setters), its wording and its export.
 */
export { claimColumn } from './claimColumns.ts';
export { agingText, filterChips } from './claimFilterChips.ts';
export {
  applyClaimSearch,
  claimColumnsShown,
  claimFilterLabelsShown,
  claimFilterShown,
  claimsListOnScreen,
  claimsListTotal,
  clearClaimFilters,
  currentClaimSearch,
  focusedClaimColumn,
  freezeClaimColumns,
  moveFocusedColumn,
  setClaimFilter,
  toggleAccountsReceivable,
  toggleClaimColumn,
} from './claimsGridStore.ts';
export { claimSummaryText } from './claimSummaryText.ts';
export { exportClaims } from './exportClaims.ts';
export { centsValue, dateValue, optionalAmountProblem, optionalDateProblem, rangeProblem } from './filterInput.ts';
