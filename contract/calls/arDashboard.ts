/** The ARDashboard controller's calls, each served at /api/ARDashboard/<name> (call.ts). */
import {
  arDaysQuerySchema,
  arDaysReplySchema,
  claimCountsReplySchema,
  collectedReplySchema,
  dashboardGroupQuerySchema,
  expectedPaymentsQuerySchema,
  expectedPaymentsReplySchema,
  monthlyAverageReplySchema,
  postingRangeQuerySchema,
  recentlyAccessedReplySchema,
  unresolvedTasksReplySchema,
} from '../arDashboard.ts';
import { controller, get } from '../call.ts';

export const ARDashboard = controller('ARDashboard', {
  getActionNeededClaims: get('DASHBOARD', { input: dashboardGroupQuerySchema, reply: claimCountsReplySchema }),
  getRecentlyAccessedData: get('DASHBOARD', { input: dashboardGroupQuerySchema, reply: recentlyAccessedReplySchema }),
  getUnresolvedTasksAssignedToYou: get('DASHBOARD', {
    input: dashboardGroupQuerySchema,
    reply: unresolvedTasksReplySchema,
  }),
  getOpenItems: get('DASHBOARD', { input: dashboardGroupQuerySchema, reply: claimCountsReplySchema }),
  getCollectedAmountsData: get('DASHBOARD', { input: postingRangeQuerySchema, reply: collectedReplySchema }),
  getExpectedPaymentsByDay: get('DASHBOARD', {
    input: expectedPaymentsQuerySchema,
    reply: expectedPaymentsReplySchema,
  }),
  getARSByData: get('DASHBOARD', { input: arDaysQuerySchema, reply: arDaysReplySchema }),
  getAverageClaimsRevenue: get('DASHBOARD', { input: postingRangeQuerySchema, reply: monthlyAverageReplySchema }),
  getAverageChargeAmount: get('DASHBOARD', { input: postingRangeQuerySchema, reply: monthlyAverageReplySchema }),
});
