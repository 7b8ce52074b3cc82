import type {
  ArDaysReply,
  ClaimCountsReply,
  CollectedReply,
  ExpectedPaymentsReply,
  MonthlyAverageReply,
  RecentlyAccessedReply,
  UnresolvedTasksReply,
} from '../../../contract/arDashboard.ts';
import { ARDashboard } from '../../../contract/calls/arDashboard.ts';
import { callApi, type CallOptions } from '../../api/client.ts';

/** The dashboard's calls, one per widget; each asks for the whole data role. */
export const dashboardCalls = {
  actionNeeded: (options?: CallOptions): Promise<ClaimCountsReply> =>
    callApi(ARDashboard.getActionNeededClaims, {}, options),
  openItems: (options?: CallOptions): Promise<ClaimCountsReply> => callApi(ARDashboard.getOpenItems, {}, options),
  recent: (options?: CallOptions): Promise<RecentlyAccessedReply> =>
    callApi(ARDashboard.getRecentlyAccessedData, {}, options),
  tasks: (options?: CallOptions): Promise<UnresolvedTasksReply> =>
    callApi(ARDashboard.getUnresolvedTasksAssignedToYou, {}, options),
  collected: (options?: CallOptions): Promise<CollectedReply> =>
    callApi(ARDashboard.getCollectedAmountsData, {}, options),
  expected: (options?: CallOptions): Promise<ExpectedPaymentsReply> =>
    callApi(ARDashboard.getExpectedPaymentsByDay, {}, options),
  arDays: (options?: CallOptions): Promise<ArDaysReply> => callApi(ARDashboard.getARSByData, {}, options),
  averageRevenue: (options?: CallOptions): Promise<MonthlyAverageReply> =>
    callApi(ARDashboard.getAverageClaimsRevenue, {}, options),
  averageCharge: (options?: CallOptions): Promise<MonthlyAverageReply> =>
    callApi(ARDashboard.getAverageChargeAmount, {}, options),
};
