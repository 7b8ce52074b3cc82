/** The aging reports' calls (aged trial balance, aging by insurance, provider and patient), spread into Reports. */
import { get } from '../call.ts';
import {
  agingPatientCollapseQuerySchema,
  agingPatientCollapseReplySchema,
  agingReportQuerySchema,
  agingReportReplySchema,
} from '../agingReports.ts';

const report = { input: agingReportQuerySchema, reply: agingReportReplySchema };

export const agingReportCalls = {
  getAgingByPatientReport: get('REPORTS', report),
  getAgingPatientCollapseByID: get('REPORTS', {
    input: agingPatientCollapseQuerySchema,
    reply: agingPatientCollapseReplySchema,
  }),
  /** The product's own: one row a claim with a balance. */
  getAgedTrialBalanceReport: get('REPORTS', report),
  /** The product's own: one row a payer, and one for what patients owe. */
  getAgingByInsuranceReport: get('REPORTS', report),
  /** The product's own: one row a rendering provider. */
  getAgingByProviderReport: get('REPORTS', report),
};
