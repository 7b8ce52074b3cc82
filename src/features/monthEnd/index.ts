/** What commands may use of the monthly summary: its parameters and cursor, its calls, its export. */
export {
  monthEndOnScreen,
  setSummaryFilters,
  setSummaryGroup,
  setSummaryMonths,
  summaryChanged,
  NO_SUMMARY_FILTERS,
  type SummaryFilters,
} from './monthEndOnScreen.ts';
export {
  getFacilityChoices,
  getMonthEndStatus,
  getPracticeChoices,
  getProviderChoices,
  lockMonthEnd,
  reloadMonthlySummary,
} from './monthEndApi.ts';
export { lockConfirmText, monthFrom, monthLabel, parseMonth } from './monthEndText.ts';
export { exportMonthlySummary } from './exportSummary.ts';
