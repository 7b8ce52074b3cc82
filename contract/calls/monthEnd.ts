/** Month-end: the monthly summary and the month lock, spread into Reports and Repository. */
import { planned } from '../call.ts';

export const monthEndReportCalls = {
  getNewMonthlySummaryDevelopmemt: planned('GET', 'REPORTS'),
  getmonthlySummaryDevelopmemt: planned('GET', 'REPORTS'),
  reloadMonthlySummaryReport: planned('GET', 'REPORTS', null),
  lockMonthEndData: planned('POST', 'REPORTS'),
};

export const monthEndRepositoryCalls = {
  getLastMonthlySummaryReportDate: planned('GET', 'session'),
};
