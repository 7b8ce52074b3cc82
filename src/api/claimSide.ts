/** The calls beside a claim's screens (contract/claimSideCalls.ts). */
import type {
  AutoPopulateReply,
  BillingSummaryReply,
  ChargeDetailReply,
  ClaimScreenReply,
  ClaimStatsReply,
  EditClaimDNAReply,
  EraDetailSummaryChargesReply,
  EraDetailSummaryReply,
  LookupDropdownsReply,
  PaymentLedgerDetailReply,
  PopupReply,
  PopupType,
  ReferringProvidersReply,
  SaveChargeAndPaymentReply,
  SaveChargeAndPaymentRequest,
  ScrubResponseReply,
  UpdateChargeDiagnosisRequest,
  ValidationErrorsReply,
  ValidationType,
} from '../../contract/claimSideCalls.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { callApi, type CallOptions } from './client.ts';

/** Shown where the claim's stats would be when they cannot be read (the catalogue's wording). */
export const CLAIM_STATS_FAILED = 'Error: fetching claim stat data';

export function getClaimStats(claimID: number, options?: CallOptions): Promise<ClaimStatsReply> {
  return callApi(Claims.getClaimStatsData, { claimID }, options);
}

export function getChargeDetail(chargeID: number, options?: CallOptions): Promise<ChargeDetailReply> {
  return callApi(Claims.getChargeDetailData, { chargeID }, options);
}

export function getBillingSummary(claimID: number, options?: CallOptions): Promise<BillingSummaryReply> {
  return callApi(Claims.getClaimDetailSummaryBillingData, { claimID }, options);
}

export function getScrubResponse(claimID: number, options?: CallOptions): Promise<ScrubResponseReply> {
  return callApi(Claims.getScrubingResponce, { claimID }, options);
}

export function getEditClaimDNA(claimID: number, options?: CallOptions): Promise<EditClaimDNAReply> {
  return callApi(Claims.getEditClaimDNAData, { claimID }, options);
}

export function getValidationErrors(
  claimID: number,
  type: ValidationType,
  options?: CallOptions,
): Promise<ValidationErrorsReply> {
  return callApi(Claims.viewClaimValidationErrors, { claimID, type }, options);
}

export function getEraCheckSummary(eraCheckID: number, options?: CallOptions): Promise<EraDetailSummaryReply> {
  return callApi(Claims.getERAProfileDetailSummary, { eraCheckID }, options);
}

export function getEraCheckSummaryLines(
  eraCheckID: number,
  options?: CallOptions,
): Promise<EraDetailSummaryChargesReply> {
  return callApi(Claims.getERAProfileDetailSummaryCharges, { eraCheckID }, options);
}

export function getClaimScreen(claimID: number, options?: CallOptions): Promise<ClaimScreenReply> {
  return callApi(Repository.getClaimScreen, { ClaimID: claimID }, options);
}

export function getPopupDetails(type: PopupType, id: string | number, options?: CallOptions): Promise<PopupReply> {
  return callApi(Repository.getPopupDetailsDatabyID, { type, id: String(id) }, options);
}

export function getPaymentLedgerDetail(ledgerID: number, options?: CallOptions): Promise<PaymentLedgerDetailReply> {
  return callApi(Repository.getPaymentLedgerDetail, { ledgerID }, options);
}

export function getAutoPopulateClaim(patientID: number, options?: CallOptions): Promise<AutoPopulateReply> {
  return callApi(Repository.getAutoPopulateClaimsData, { patientID }, options);
}

export function getLookupDropdowns(options?: CallOptions): Promise<LookupDropdownsReply> {
  return callApi(Repository.getLookupDropowns, {}, options);
}

export function getReferringProviders(groupID: number, options?: CallOptions): Promise<ReferringProvidersReply> {
  return callApi(Repository.getReferringProvider, { groupID }, options);
}

export function saveChargeAndPayment(
  body: SaveChargeAndPaymentRequest,
  options?: CallOptions,
): Promise<SaveChargeAndPaymentReply> {
  return callApi(AddEditClaim.saveClaimChargeAndPayment, body, options);
}

export function updateChargeDiagnosis(
  body: UpdateChargeDiagnosisRequest,
  options?: CallOptions,
): Promise<{ message: string; chargeID: number; claimID: number }> {
  return callApi(AddEditClaim.updateChargeDiagnosis, body, options);
}
