import {
  cptNdcCrosswalkReplySchema,
  cptRevenueCrosswalkReplySchema,
  practicesReplySchema,
  revenueCrosswalkSearchReplySchema,
  type AddUpdateCptNdcCrosswalkRequest,
  type AddUpdateCptRevenueCrosswalkRequest,
  type CptNdcCrosswalkReply,
  type CptRevenueCrosswalkReply,
  type PracticesReply,
  type RevenueCrosswalkSearchQuery,
  type RevenueCrosswalkSearchReply,
} from '../../contract/crosswalks.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const practicesCall: ApiCall<PracticesReply> = { controller: 'Repository', name: 'getPractices', reply: practicesReplySchema };
const saveNdcCall: ApiCall<CptNdcCrosswalkReply> = { controller: 'AddEditClaim', name: 'addUpdateCptNdcCrosswalk', reply: cptNdcCrosswalkReplySchema };
const revenueSearchCall: ApiCall<RevenueCrosswalkSearchReply> = { controller: 'MedicalCase', name: 'getRevenueCrossWalkSearch', reply: revenueCrosswalkSearchReplySchema };
const saveRevenueCall: ApiCall<CptRevenueCrosswalkReply> = { controller: 'MedicalCase', name: 'addUpdateCptRevenueCrosswalk', reply: cptRevenueCrosswalkReplySchema };

export function getPractices(options?: CallOptions): Promise<PracticesReply> {
  return callApi(practicesCall, {}, options);
}

export function addUpdateCptNdcCrosswalk(body: AddUpdateCptNdcCrosswalkRequest, options?: CallOptions): Promise<CptNdcCrosswalkReply> {
  return callApi(saveNdcCall, body, options);
}

/** cptCode and revenueCode match as prefixes. */
export function getRevenueCrossWalkSearch(query: RevenueCrosswalkSearchQuery, options?: CallOptions): Promise<RevenueCrosswalkSearchReply> {
  return callApi(revenueSearchCall, query, options);
}

export function addUpdateCptRevenueCrosswalk(body: AddUpdateCptRevenueCrosswalkRequest, options?: CallOptions): Promise<CptRevenueCrosswalkReply> {
  return callApi(saveRevenueCall, body, options);
}
