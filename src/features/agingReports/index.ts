/** What commands may use of the aging reports: which report the screen shows, and the reports' definitions. */
export { AGING_DEFINITIONS, AGING_KIND_TITLES, AGING_PARAMETERS, type AgingReportRow } from './agingDefinitions.ts';
export { agingOnScreen, setAgingKind } from './agingOnScreen.ts';
