import type {
  AgingPatientCollapseQuery,
  AgingPatientCollapseReply,
  AgingReportKind,
  AgingReportQuery,
  AgingReportReply,
} from '../../../contract/agingReports.ts';
import { Reports } from '../../../contract/calls/reports.ts';
import { callApi, type CallOptions } from '../../api/client.ts';

const CALLS = {
  trialBalance: Reports.getAgedTrialBalanceReport,
  insurance: Reports.getAgingByInsuranceReport,
  provider: Reports.getAgingByProviderReport,
  patient: Reports.getAgingByPatientReport,
} as const;

/** One page of an aging report, or with getOnlyIDS the claims behind a figure. */
export function getAgingReport(
  kind: AgingReportKind,
  query: AgingReportQuery,
  options?: CallOptions,
): Promise<AgingReportReply> {
  return callApi(CALLS[kind], query, options);
}

/** A patient's claims with a balance, under their row of aging by patient. */
export function getAgingPatientClaims(
  query: AgingPatientCollapseQuery,
  options?: CallOptions,
): Promise<AgingPatientCollapseReply> {
  return callApi(Reports.getAgingPatientCollapseByID, query, options);
}
