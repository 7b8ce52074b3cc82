import { type CreateCrossoverReply, type CrossoverTypeReply } from '../../contract/crossover.ts';
import { type DenialChargesReply, type DenialReportQuery, type DenialReportReply } from '../../contract/denials.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** What a crossover of the claim would bill (payer, secondary or tertiary), or why there can be none. */
export function getCrossoverClaimType(claimID: number, options?: CallOptions): Promise<CrossoverTypeReply> {
  return callApi(AddEditClaim.getCrossoverClaimType, { claimID }, options);
}

export function createCrossoverClaim(claimID: number, options?: CallOptions): Promise<CreateCrossoverReply> {
  return callApi(AddEditClaim.createCrossoverClaim, { claimID }, options);
}

export function getDenialReport(query: DenialReportQuery, options?: CallOptions): Promise<DenialReportReply> {
  return callApi(Claims.GetDenialManagementReportData, query, options);
}

/** The claim's denied lines with their reasons (CARC) and remarks (RARC). */
export function getDenialCharges(claimID: number, options?: CallOptions): Promise<DenialChargesReply> {
  return callApi(Claims.GetDenialManagementCharges, { claimID }, options);
}
