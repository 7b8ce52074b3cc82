import {
  cptNdcCrosswalkReplySchema,
  cptNdcCrosswalksReplySchema,
  cptRevenueCrosswalkReplySchema,
  practicesReplySchema,
  revenueCrosswalkSearchReplySchema,
  type AddUpdateCptNdcCrosswalkRequest,
  type AddUpdateCptRevenueCrosswalkRequest,
  type CptNdcCrosswalkReply,
  type CptNdcCrosswalkRow,
  type CptNdcCrosswalksReply,
  type CptRevenueCrosswalkReply,
  type PracticesReply,
  type RevenueCrosswalkSearchQuery,
  type RevenueCrosswalkSearchReply,
} from '../../contract/crosswalks.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const practicesCall: ApiCall<PracticesReply> = { controller: 'Repository', name: 'getPractices', reply: practicesReplySchema };
const saveNdcCall: ApiCall<CptNdcCrosswalkReply> = { controller: 'AddEditClaim', name: 'addUpdateCptNdcCrosswalk', reply: cptNdcCrosswalkReplySchema };
const ndcListCall: ApiCall<CptNdcCrosswalksReply> = { controller: 'Claims', name: 'getCptNdcCrosswalkData', reply: cptNdcCrosswalksReplySchema };
const deleteNdcCall: ApiCall<CptNdcCrosswalkReply> = { controller: 'AddEditClaim', name: 'deleteCptNdcCrosswalk', reply: cptNdcCrosswalkReplySchema };
const revenueSearchCall: ApiCall<RevenueCrosswalkSearchReply> = { controller: 'MedicalCase', name: 'getRevenueCrossWalkSearch', reply: revenueCrosswalkSearchReplySchema };
const saveRevenueCall: ApiCall<CptRevenueCrosswalkReply> = { controller: 'MedicalCase', name: 'addUpdateCptRevenueCrosswalk', reply: cptRevenueCrosswalkReplySchema };
const deleteRevenueCall: ApiCall<CptRevenueCrosswalkReply> = { controller: 'MedicalCase', name: 'deleteCptRevenueCrosswalk', reply: cptRevenueCrosswalkReplySchema };

export function getPractices(options?: CallOptions): Promise<PracticesReply> {
  return callApi(practicesCall, {}, options);
}

export function addUpdateCptNdcCrosswalk(body: AddUpdateCptNdcCrosswalkRequest, options?: CallOptions): Promise<CptNdcCrosswalkReply> {
  return callApi(saveNdcCall, body, options);
}

/** A practice's NDC crosswalks, of one code when it is given. */
export async function getCptNdcCrosswalkData(query: { practiceID: number; cptCode?: string }, options?: CallOptions): Promise<CptNdcCrosswalkRow[]> {
  return (await callApi(ndcListCall, query, options)).crosswalks;
}

export function deleteCptNdcCrosswalk(cptNdcCrosswalkID: number, options?: CallOptions): Promise<CptNdcCrosswalkReply> {
  return callApi(deleteNdcCall, { cptNdcCrosswalkID }, options);
}

/** cptCode and revenueCode match as prefixes. */
export function getRevenueCrossWalkSearch(query: RevenueCrosswalkSearchQuery, options?: CallOptions): Promise<RevenueCrosswalkSearchReply> {
  return callApi(revenueSearchCall, query, options);
}

export function addUpdateCptRevenueCrosswalk(body: AddUpdateCptRevenueCrosswalkRequest, options?: CallOptions): Promise<CptRevenueCrosswalkReply> {
  return callApi(saveRevenueCall, body, options);
}

export function deleteCptRevenueCrosswalk(cptRevenueCrosswalkID: number, options?: CallOptions): Promise<CptRevenueCrosswalkReply> {
  return callApi(deleteRevenueCall, { cptRevenueCrosswalkID }, options);
}
