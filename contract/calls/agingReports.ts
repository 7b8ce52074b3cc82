/** The aging reports' calls (aged trial balance, aging by insurance, provider and patient), spread into Reports. */
import { planned } from '../call.ts';

export const agingReportCalls = {
  getAgingByPatientReport: planned('GET', 'REPORTS'),
  getAgingPatientCollapseByID: planned('GET', 'REPORTS'),
};
