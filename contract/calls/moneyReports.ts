/** The money and activity reports read off the ledger, spread into Reports and Claims (contract/moneyReports.ts describes each). */
import { get } from '../call.ts';
import { moneyReportQuerySchema, moneyReportReplySchema } from '../moneyReports.ts';

const report = (id: Parameters<typeof moneyReportQuerySchema>[0], timeoutMs?: null) =>
  get('REPORTS', { input: moneyReportQuerySchema(id), reply: moneyReportReplySchema, timeoutMs });

export const moneyReportCalls = {
  getPatientAccountingDetailReport: report('patientAccountingDetail'),
  get_era_data: report('eraData'),
  getPaymentReportdata: report('paymentReport', null),
  getLedgerAccount: report('ledgerAccount'),
  // The catalogue's "one GET per report" rows, named by the product.
  getChargeDetailReport: report('chargeDetail'),
  getProcedureTransactionHistory: report('procedureHistory'),
  getClaimActivityByProvider: report('claimActivityByProvider'),
  getChargesPaymentsSummary: report('chargesPaymentsSummary'),
  getPatientAdvancePaymentsReport: report('advancePayments'),
  getInsuranceProfileByProvider: report('insuranceProfileByProvider'),
  getClaimBatchSubmitReport: report('claimBatchSubmit'),
};

export const moneyReportClaimsCalls = {
  getPlanProcedureChargesData: get('REPORTS', {
    input: moneyReportQuerySchema('planProcedureHistory'),
    reply: moneyReportReplySchema,
  }),
};
