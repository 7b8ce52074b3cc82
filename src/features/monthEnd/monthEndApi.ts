/** The month-end calls, by their definitions. */
import type {
  LastSummaryDateReply,
  LockMonthReply,
  LockMonthRequest,
  MonthEndStatusQuery,
  MonthEndStatusReply,
  MonthlySummaryQuery,
  MonthlySummaryReply,
  ReloadSummaryReply,
} from '../../../contract/monthEnd.ts';
import { Reports } from '../../../contract/calls/reports.ts';
import { Repository } from '../../../contract/calls/repository.ts';
import type { PracticesReply } from '../../../contract/crosswalks.ts';
import type { FacilitiesReply } from '../../../contract/claimForm.ts';
import type { ProvidersReply } from '../../../contract/claimEdit.ts';
import { callApi, type CallOptions } from '../../api/client.ts';

export const getMonthlySummary = (query: MonthlySummaryQuery, options?: CallOptions): Promise<MonthlySummaryReply> =>
  callApi(Reports.getmonthlySummaryDevelopmemt, query, options);

export const getMonthEndStatus = (query: MonthEndStatusQuery, options?: CallOptions): Promise<MonthEndStatusReply> =>
  callApi(Reports.getNewMonthlySummaryDevelopmemt, query, options);

export const lockMonthEnd = (body: LockMonthRequest, options?: CallOptions): Promise<LockMonthReply> =>
  callApi(Reports.lockMonthEndData, body, options);

export const reloadMonthlySummary = (groupID: number, options?: CallOptions): Promise<ReloadSummaryReply> =>
  callApi(Reports.reloadMonthlySummaryReport, { groupID }, options);

export const getLastSummaryDate = (groupID: number, options?: CallOptions): Promise<LastSummaryDateReply> =>
  callApi(Repository.getLastMonthlySummaryReportDate, { groupID }, options);

export const getPracticeChoices = (options?: CallOptions): Promise<PracticesReply> =>
  callApi(Repository.getPractices, {}, options);

export const getProviderChoices = (groupID: number, options?: CallOptions): Promise<ProvidersReply> =>
  callApi(Repository.getProviders, { groupID }, options);

export const getFacilityChoices = (groupID: number, options?: CallOptions): Promise<FacilitiesReply> =>
  callApi(Repository.getFacilities, { groupID }, options);
