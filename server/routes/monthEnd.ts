import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { lockMonth, monthEndStatus } from '../services/reports/monthEnd/lockMonth.ts';
import { monthlySummary } from '../services/reports/monthEnd/monthlySummary.ts';
import { lastSummaryDate, reloadSummary } from '../services/reports/monthEnd/reloadSummary.ts';
import { Reports } from '../../contract/calls/reports.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** Month-end: the monthly summary and the month lock. */
export function monthEndRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Reports.getmonthlySummaryDevelopmemt, {
    handler: async (input, context) => context.data.inScope(monthlySummary)(input),
  });

  defineCall(app, deps, Reports.getNewMonthlySummaryDevelopmemt, {
    handler: async (input, context) => context.data.inScope(monthEndStatus)(input, deps.now()),
  });

  defineCall(app, deps, Reports.reloadMonthlySummaryReport, {
    handler: async (input, context) => context.data.run(reloadSummary)(input.groupID, deps.now()),
  });

  defineCall(app, deps, Reports.lockMonthEndData, {
    handler: async (input, context) => context.data.run(lockMonth)(input, deps.now()),
  });

  defineCall(app, deps, Repository.getLastMonthlySummaryReportDate, {
    handler: async (input, context) => context.data.inScope(lastSummaryDate)(input.groupID),
  });
}
