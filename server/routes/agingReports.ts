import type { FastifyInstance } from 'fastify';
import { Reports } from '../../contract/calls/reports.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { agingPatientCollapse, agingReport } from '../services/reports/aging/agingReport.ts';

/** The aging reports: aged trial balance, aging by insurance, provider and patient. */
export function agingReportRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Reports.getAgedTrialBalanceReport, {
    handler: async (input, context) => context.data.inScope(agingReport)('trialBalance', input, deps.now()),
  });
  defineCall(app, deps, Reports.getAgingByInsuranceReport, {
    handler: async (input, context) => context.data.inScope(agingReport)('insurance', input, deps.now()),
  });
  defineCall(app, deps, Reports.getAgingByProviderReport, {
    handler: async (input, context) => context.data.inScope(agingReport)('provider', input, deps.now()),
  });
  defineCall(app, deps, Reports.getAgingByPatientReport, {
    handler: async (input, context) => context.data.inScope(agingReport)('patient', input, deps.now()),
  });
  defineCall(app, deps, Reports.getAgingPatientCollapseByID, {
    handler: async (input, context) => context.data.inScope(agingPatientCollapse)(input, deps.now()),
  });
}
