/**
 * The report kit: a report screen described as data, drawn and driven the same way for every report.
 *
 * How to use it, for a new report screen:
 * 1. Describe the report as a `ReportDefinition<Row>` (types.ts): its `id`, `title` and `path`; the
 *    `parameters` of SPEC point 3 that apply (group and practice id lists, facility, provider, date
 *    of service and posting ranges, balance range, choices such as the aging basis), their
 *    `defaults` and `defaultSort`; its `columns` (id, title, width, kind 'text' | 'money' |
 *    'integer' | 'date', `value` typed as the export writers take it: cents, YYYY-MM-DD;
 *    `sortColumn` for the server's sort, `drills` for a figure whose claims can be opened);
 *    `fetchPage(params, { pageNumber, pageSize, sortColumn, sortOrder }, signal)` calling the
 *    report's call through `src/api/` and answering `{ total, rows, totals, note }`; `rowKey`;
 *    optionally `drill(row, columnId, params)` answering the claims list's filters
 *    (`DrillTarget`: contract/claims.ts claimFilterShape, such as `claimIDs`, `insuranceID`,
 *    `agingBucket`, `dosFrom`/`dosTo`, `ar`) and `expand` for rows with rows under them.
 * 2. Render `<ReportScreen definition={...} />` as the screen of its path (a screens map spread into
 *    src/app/Screens.tsx). The kit draws the title and key hints, the parameters bar, what the
 *    figures mean, and a canvas grid (glide-data-grid over src/grid/'s paged source) that asks the
 *    server for the pages in view, with the totals row frozen at the bottom. Keys in the grid:
 *    arrows, Enter (the claims behind a figure, or expand on a row's name), E (expand or collapse),
 *    S (sort by the column), / (the parameters; Enter or Escape comes back).
 * 3. Add a command that goes to the screen. The kit's own commands (commands/reports/kit.ts:
 *    set a parameter, clear them, edit them, export, the claims behind the figure, expand or
 *    collapse) are registered once and act on whichever kit screen is open (`openReport()`), so
 *    a new report registers none of them again. A report's parameters can be set from anywhere
 *    with `setReportParams(id, params)`; `paramsQuery` turns them into a call's query.
 *    Saved reports (`saveReport`, `savedReportsOf`, `applySavedReport`) keep a screen's
 *    parameters under a name on the server, keyed by the screen's path: a new report's path and
 *    parameter keys must be added to contract/savedSearches.ts SAVED_REPORT_SCREENS.
 * Export (`exportReport`) writes every matching row and the totals row as CSV, PDF or spreadsheet
 * with src/export/'s writers and worker, reading the report page by page (`exportPageSize`).
 */
export { drillAtCursor, openClaimsOf } from './drill.ts';
export { parameterProblem, paramsQuery } from './parameters.ts';
export { exportColumnOf, exportReport, reportRowPages } from './exportReport.ts';
export { ReportScreen, cellText } from './ReportScreen.tsx';
export { ReportParametersBar } from './ReportParametersBar.tsx';
export {
  applySavedReport,
  deleteSavedReport,
  saveReport,
  savedReportsOf,
  type SavedReportEntry,
} from './savedReports.ts';
export {
  openReport,
  reportParams,
  reportSort,
  reportsOnScreen,
  setReportParam,
  setReportParams,
  setReportSort,
  type OpenReportHandle,
  type ReportCursor,
} from './reportState.ts';
export type {
  DrillTarget,
  PageRequest,
  ReportColumn,
  ReportDefinition,
  ReportPage,
  ReportParameter,
  ReportParameterKind,
  ReportParams,
  ReportSort,
} from './types.ts';
