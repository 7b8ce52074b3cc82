/**
 * What commands may use of the AR dashboard: Enter on the widget under the cursor, and its
 * parameters (the period, AR days' period, the group and the payer) with their choices.
 */
export { drillIntoWidget } from './drill.ts';
export { focusDashboardParameters } from './dashboardState.ts';
export { dashboardChoices } from './choices.ts';
export {
  DASHBOARD_PERIODS,
  dashboardParamProblem,
  dashboardParameters,
  dashboardParams,
  periodOf,
  rangeProblem,
  setDashboardParam,
  setDashboardParams,
  shownParams,
  withParam,
} from './dashboardParams.ts';
