import {
  type AddUpdateFeeScheduleRequest,
  type FeeScheduleDataQuery,
  type FeeScheduleDataReply,
  type FeeScheduleReply,
} from '../../contract/feeSchedules.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** The active schedules in the data role; with feeScheduleID, that schedule's items too. */
export function getFeeScheduleData(
  query: FeeScheduleDataQuery = {},
  options?: CallOptions,
): Promise<FeeScheduleDataReply> {
  return callApi(Claims.getFeeScheduleData, query, options);
}

/** The items sent replace the schedule's list. */
export function addUpdateFeeSchedule(
  body: AddUpdateFeeScheduleRequest,
  options?: CallOptions,
): Promise<FeeScheduleReply> {
  return callApi(AddEditClaim.addUpdateFeeSchedule, body, options);
}
