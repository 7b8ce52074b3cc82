/** The Reports controller's calls, each served at /api/Reports/<name> (call.ts). */
import { controller, planned } from '../call.ts';

export const Reports = controller('Reports', {
  getAgingByPatientReport: planned('GET', 'REPORTS'),
  getPatientAccountingDetailReport: planned('GET', 'REPORTS'),
  getAgingPatientCollapseByID: planned('GET', 'REPORTS'),
  getNewMonthlySummaryDevelopmemt: planned('GET', 'REPORTS'),
  getmonthlySummaryDevelopmemt: planned('GET', 'REPORTS'),
  reloadMonthlySummaryReport: planned('GET', 'REPORTS', null),
  getInfoByNPI: planned('GET', 'REPORTS'),
  getProviderInforFromNPPES: planned('GET', 'REPORTS'),
  get_era_data: planned('GET', 'REPORTS'),
  validateAddress: planned('GET', 'REPORTS'),
  getPaymentReportdata: planned('GET', 'REPORTS', null),
  getLedgerAccount: planned('GET', 'REPORTS'),
  getHL7ImportLogProfileData: planned('GET', 'REPORTS'),
  lockMonthEndData: planned('POST', 'REPORTS'),
});
