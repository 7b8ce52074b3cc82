import {
  type AddUpdateCptNdcCrosswalkRequest,
  type AddUpdateCptRevenueCrosswalkRequest,
  type CptNdcCrosswalkReply,
  type CptNdcCrosswalkRow,
  type CptRevenueCrosswalkReply,
  type PracticesReply,
  type RevenueCrosswalkSearchQuery,
  type RevenueCrosswalkSearchReply,
} from '../../contract/crosswalks.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { MedicalCase } from '../../contract/calls/medicalCase.ts';
import { Repository } from '../../contract/calls/repository.ts';

export function getPractices(options?: CallOptions): Promise<PracticesReply> {
  return callApi(Repository.getPractices, {}, options);
}

export function addUpdateCptNdcCrosswalk(
  body: AddUpdateCptNdcCrosswalkRequest,
  options?: CallOptions,
): Promise<CptNdcCrosswalkReply> {
  return callApi(AddEditClaim.addUpdateCptNdcCrosswalk, body, options);
}

/** A practice's NDC crosswalks, of one code when it is given. */
export async function getCptNdcCrosswalkData(
  query: { practiceID: number; cptCode?: string },
  options?: CallOptions,
): Promise<CptNdcCrosswalkRow[]> {
  return (await callApi(Claims.getCptNdcCrosswalkData, query, options)).crosswalks;
}

export function deleteCptNdcCrosswalk(cptNdcCrosswalkID: number, options?: CallOptions): Promise<CptNdcCrosswalkReply> {
  return callApi(AddEditClaim.deleteCptNdcCrosswalk, { cptNdcCrosswalkID }, options);
}

/** cptCode and revenueCode match as prefixes. */
export function getRevenueCrossWalkSearch(
  query: RevenueCrosswalkSearchQuery,
  options?: CallOptions,
): Promise<RevenueCrosswalkSearchReply> {
  return callApi(MedicalCase.getRevenueCrossWalkSearch, query, options);
}

export function addUpdateCptRevenueCrosswalk(
  body: AddUpdateCptRevenueCrosswalkRequest,
  options?: CallOptions,
): Promise<CptRevenueCrosswalkReply> {
  return callApi(MedicalCase.addUpdateCptRevenueCrosswalk, body, options);
}

export function deleteCptRevenueCrosswalk(
  cptRevenueCrosswalkID: number,
  options?: CallOptions,
): Promise<CptRevenueCrosswalkReply> {
  return callApi(MedicalCase.deleteCptRevenueCrosswalk, { cptRevenueCrosswalkID }, options);
}
