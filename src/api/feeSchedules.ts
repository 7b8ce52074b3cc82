import {
  feeScheduleDataReplySchema,
  feeScheduleReplySchema,
  type AddUpdateFeeScheduleRequest,
  type FeeScheduleDataQuery,
  type FeeScheduleDataReply,
  type FeeScheduleReply,
} from '../../contract/feeSchedules.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const dataCall: ApiCall<FeeScheduleDataReply> = { controller: 'Claims', name: 'getFeeScheduleData', reply: feeScheduleDataReplySchema };
const saveCall: ApiCall<FeeScheduleReply> = { controller: 'AddEditClaim', name: 'addUpdateFeeSchedule', reply: feeScheduleReplySchema };

/** The active schedules in the data role; with feeScheduleID, that schedule's items too. */
export function getFeeScheduleData(query: FeeScheduleDataQuery = {}, options?: CallOptions): Promise<FeeScheduleDataReply> {
  return callApi(dataCall, query, options);
}

/** The items sent replace the schedule's list. */
export function addUpdateFeeSchedule(body: AddUpdateFeeScheduleRequest, options?: CallOptions): Promise<FeeScheduleReply> {
  return callApi(saveCall, body, options);
}
