import type { FastifyInstance } from 'fastify';
import { ARDashboard } from '../../contract/calls/arDashboard.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { dayOf } from '../services/claims/claimFilters.ts';
import { arDays } from '../services/reports/dashboard/arDays.ts';
import { actionNeededClaims, openItems } from '../services/reports/dashboard/claimCounts.ts';
import { collectedAmounts, monthlyAverage } from '../services/reports/dashboard/daySums.ts';
import { expectedPayments } from '../services/reports/dashboard/expectedPayments.ts';
import { unresolvedTasks } from '../services/reports/dashboard/tasks.ts';
import { loadRecents } from '../services/search/recents.ts';

/** The AR dashboard's widgets: each limited to the data role and audited through the repository. */
export function arDashboardRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const today = () => dayOf(deps.now());

  defineCall(app, deps, ARDashboard.getActionNeededClaims, {
    handler: async (input, context) => context.data.inScope(actionNeededClaims)(input),
  });

  defineCall(app, deps, ARDashboard.getOpenItems, {
    handler: async (input, context) => context.data.inScope(openItems)(input),
  });

  defineCall(app, deps, ARDashboard.getRecentlyAccessedData, {
    handler: async (input, context) => {
      const { results } = await context.data.run(loadRecents)({ groupID: input.groupID });
      return { records: results };
    },
  });

  defineCall(app, deps, ARDashboard.getUnresolvedTasksAssignedToYou, {
    handler: async (input, context) => context.data.run(unresolvedTasks)(input, today()),
  });

  defineCall(app, deps, ARDashboard.getCollectedAmountsData, {
    handler: async (input, context) => context.data.inScope(collectedAmounts)(input, today()),
  });

  defineCall(app, deps, ARDashboard.getExpectedPaymentsByDay, {
    handler: async (input, context) => context.data.inScope(expectedPayments)(input, today()),
  });

  defineCall(app, deps, ARDashboard.getARSByData, {
    handler: async (input, context) => context.data.inScope(arDays)(input, today()),
  });

  defineCall(app, deps, ARDashboard.getAverageClaimsRevenue, {
    handler: async (input, context) => context.data.inScope(monthlyAverage)(input, today(), 'paid'),
  });

  defineCall(app, deps, ARDashboard.getAverageChargeAmount, {
    handler: async (input, context) => context.data.inScope(monthlyAverage)(input, today(), 'charges'),
  });
}
