/** The NUBC revenue codes, and the revenue code the CPT-revenue crosswalk gives a code for a coverage. */
import type {
  RevenueCodesForCptQuery,
  RevenueCodesForCptReply,
  RevenueCodesReply,
} from '../../contract/revenueCodes.ts';
import { MedicalCase } from '../../contract/calls/medicalCase.ts';
import { callApi, type CallOptions } from './client.ts';

/** Every code, or those starting with the digits typed (a missing leading 0 added) or whose description holds the words. */
export function getRevenueCodes(searchValue?: string, options?: CallOptions): Promise<RevenueCodesReply> {
  return callApi(MedicalCase.getRevenueCodes, searchValue ? { searchValue } : {}, options);
}

export function getRevenueCodesForCPT(
  query: RevenueCodesForCptQuery,
  options?: CallOptions,
): Promise<RevenueCodesForCptReply> {
  return callApi(MedicalCase.getRevenueCodesForCPT, query, options);
}
