import { Claims } from '../../../contract/calls/claims.ts';
import { Reports } from '../../../contract/calls/reports.ts';
import type { MoneyReportID, MoneyReportQuery, MoneyReportReply } from '../../../contract/moneyReports.ts';
import { callApi, type CallOptions } from '../../api/client.ts';

/** Each report's call (all take the same kind of query and answer the same kind of reply). */
const CALLS = {
  chargeDetail: Reports.getChargeDetailReport,
  procedureHistory: Reports.getProcedureTransactionHistory,
  planProcedureHistory: Claims.getPlanProcedureChargesData,
  claimActivityByProvider: Reports.getClaimActivityByProvider,
  chargesPaymentsSummary: Reports.getChargesPaymentsSummary,
  paymentReport: Reports.getPaymentReportdata,
  eraData: Reports.get_era_data,
  advancePayments: Reports.getPatientAdvancePaymentsReport,
  insuranceProfileByProvider: Reports.getInsuranceProfileByProvider,
  claimBatchSubmit: Reports.getClaimBatchSubmitReport,
  patientAccountingDetail: Reports.getPatientAccountingDetailReport,
  ledgerAccount: Reports.getLedgerAccount,
} as const satisfies Record<MoneyReportID, unknown>;

export function getMoneyReport(
  reportID: MoneyReportID,
  query: MoneyReportQuery,
  options?: CallOptions,
): Promise<MoneyReportReply> {
  return callApi(CALLS[reportID], query, options);
}
