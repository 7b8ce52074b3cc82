/** The money and activity reports read off the ledger, spread into Reports and Claims. */
import { planned } from '../call.ts';

export const moneyReportCalls = {
  getPatientAccountingDetailReport: planned('GET', 'REPORTS'),
  get_era_data: planned('GET', 'REPORTS'),
  getPaymentReportdata: planned('GET', 'REPORTS', null),
  getLedgerAccount: planned('GET', 'REPORTS'),
};

export const moneyReportClaimsCalls = {
  getPlanProcedureChargesData: planned('GET', 'CLAIMS'),
};
