import { createCrossoverReplySchema, crossoverTypeReplySchema, type CreateCrossoverReply, type CrossoverTypeReply } from '../../contract/crossover.ts';
import { denialChargesReplySchema, denialReportReplySchema, type DenialChargesReply, type DenialReportQuery, type DenialReportReply } from '../../contract/denials.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const createCrossoverCall: ApiCall<CreateCrossoverReply> = { controller: 'AddEditClaim', name: 'createCrossoverClaim', reply: createCrossoverReplySchema };
const crossoverTypeCall: ApiCall<CrossoverTypeReply> = { controller: 'AddEditClaim', name: 'getCrossoverClaimType', reply: crossoverTypeReplySchema };
const denialReportCall: ApiCall<DenialReportReply> = { controller: 'Claims', name: 'GetDenialManagementReportData', reply: denialReportReplySchema };
const denialChargesCall: ApiCall<DenialChargesReply> = { controller: 'Claims', name: 'GetDenialManagementCharges', reply: denialChargesReplySchema };

/** What a crossover of the claim would bill (payer, secondary or tertiary), or why there can be none. */
export function getCrossoverClaimType(claimID: number, options?: CallOptions): Promise<CrossoverTypeReply> {
  return callApi(crossoverTypeCall, { claimID }, options);
}

export function createCrossoverClaim(claimID: number, options?: CallOptions): Promise<CreateCrossoverReply> {
  return callApi(createCrossoverCall, { claimID }, options);
}

export function getDenialReport(query: DenialReportQuery, options?: CallOptions): Promise<DenialReportReply> {
  return callApi(denialReportCall, query, options);
}

/** The claim's denied lines with their reasons (CARC) and remarks (RARC). */
export function getDenialCharges(claimID: number, options?: CallOptions): Promise<DenialChargesReply> {
  return callApi(denialChargesCall, { claimID }, options);
}
