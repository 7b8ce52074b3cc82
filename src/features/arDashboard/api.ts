import type {
  ArDaysQuery,
  ArDaysReply,
  ClaimCountsReply,
  CollectedReply,
  DashboardGroupQuery,
  ExpectedPaymentsQuery,
  ExpectedPaymentsReply,
  MonthlyAverageReply,
  PostingRangeQuery,
  RecentlyAccessedReply,
  UnresolvedTasksReply,
} from '../../../contract/arDashboard.ts';
import { ARDashboard } from '../../../contract/calls/arDashboard.ts';
import { Repository } from '../../../contract/calls/repository.ts';
import type { PracticesReply } from '../../../contract/crosswalks.ts';
import { callApi, type CallOptions } from '../../api/client.ts';

/** The dashboard's calls, one per widget, each with the parameters the screen asks with. */
export const dashboardCalls = {
  actionNeeded: (query: DashboardGroupQuery, options?: CallOptions): Promise<ClaimCountsReply> =>
    callApi(ARDashboard.getActionNeededClaims, query, options),
  openItems: (query: DashboardGroupQuery, options?: CallOptions): Promise<ClaimCountsReply> =>
    callApi(ARDashboard.getOpenItems, query, options),
  recent: (query: DashboardGroupQuery, options?: CallOptions): Promise<RecentlyAccessedReply> =>
    callApi(ARDashboard.getRecentlyAccessedData, query, options),
  tasks: (query: DashboardGroupQuery, options?: CallOptions): Promise<UnresolvedTasksReply> =>
    callApi(ARDashboard.getUnresolvedTasksAssignedToYou, query, options),
  collected: (query: PostingRangeQuery, options?: CallOptions): Promise<CollectedReply> =>
    callApi(ARDashboard.getCollectedAmountsData, query, options),
  expected: (query: ExpectedPaymentsQuery, options?: CallOptions): Promise<ExpectedPaymentsReply> =>
    callApi(ARDashboard.getExpectedPaymentsByDay, query, options),
  arDays: (query: ArDaysQuery, options?: CallOptions): Promise<ArDaysReply> =>
    callApi(ARDashboard.getARSByData, query, options),
  averageRevenue: (query: PostingRangeQuery, options?: CallOptions): Promise<MonthlyAverageReply> =>
    callApi(ARDashboard.getAverageClaimsRevenue, query, options),
  averageCharge: (query: PostingRangeQuery, options?: CallOptions): Promise<MonthlyAverageReply> =>
    callApi(ARDashboard.getAverageChargeAmount, query, options),
};

/** The practices of the user's data role, with their groups: the group parameter's choices. */
export const dashboardPractices = (options?: CallOptions): Promise<PracticesReply> =>
  callApi(Repository.getPractices, {}, options);
