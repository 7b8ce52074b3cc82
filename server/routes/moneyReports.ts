import type { FastifyInstance } from 'fastify';
import { Claims } from '../../contract/calls/claims.ts';
import { Reports } from '../../contract/calls/reports.ts';
import type { MoneyReportID } from '../../contract/moneyReports.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { runMoneyReport } from '../services/reports/money/moneyReports.ts';

/** The money and activity reports read off the ledger, one call each (contract/moneyReports.ts describes them). */
export function moneyReportRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const calls = [
    [Reports.getChargeDetailReport, 'chargeDetail'],
    [Reports.getProcedureTransactionHistory, 'procedureHistory'],
    [Claims.getPlanProcedureChargesData, 'planProcedureHistory'],
    [Reports.getClaimActivityByProvider, 'claimActivityByProvider'],
    [Reports.getChargesPaymentsSummary, 'chargesPaymentsSummary'],
    [Reports.getPaymentReportdata, 'paymentReport'],
    [Reports.get_era_data, 'eraData'],
    [Reports.getPatientAdvancePaymentsReport, 'advancePayments'],
    [Reports.getInsuranceProfileByProvider, 'insuranceProfileByProvider'],
    [Reports.getClaimBatchSubmitReport, 'claimBatchSubmit'],
    [Reports.getPatientAccountingDetailReport, 'patientAccountingDetail'],
    [Reports.getLedgerAccount, 'ledgerAccount'],
  ] as const satisfies readonly (readonly [unknown, MoneyReportID])[];
  for (const [call, reportID] of calls)
    defineCall(app, deps, call, {
      handler: async (input, context) => context.data.inScope(runMoneyReport)(reportID, input),
    });
}
