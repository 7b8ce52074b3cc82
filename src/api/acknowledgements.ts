/** Acknowledgements and claim status (contract/acknowledgements.ts). */
import type {
  AbilityClaimEventsReply,
  AcknowledgementResult,
  CheckClaimStatusReply,
  ClaimStatusDetailsReply,
  ClaimStatusReply,
  ResendReplacementReply,
  StatusDataReply,
  StatusListReply,
} from '../../contract/acknowledgements.ts';
import { AbilityApiIntegration } from '../../contract/calls/abilityApiIntegration.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { callApi, type CallOptions } from './client.ts';

export function getClaimStatus(claimID: number, options?: CallOptions): Promise<ClaimStatusReply> {
  return callApi(AddEditClaim.getClaimStatusByID, { claimID }, options);
}

export function getClaimStatusDetails(claimID: number, options?: CallOptions): Promise<ClaimStatusDetailsReply> {
  return callApi(AddEditClaim.getClaimStatusDetailsByID, { claimID }, options);
}

export function getClaimStatusInquiries(claimID: number, options?: CallOptions): Promise<StatusListReply> {
  return callApi(AbilityApiIntegration.getAbilityStatusList, { claimID }, options);
}

export function getClaimStatusInquiry(inquiryID: number, options?: CallOptions): Promise<StatusDataReply> {
  return callApi(AbilityApiIntegration.getAbilityStatusData, { inquiryID }, options);
}

export function getClaimEvents(claimID: number, options?: CallOptions): Promise<AbilityClaimEventsReply> {
  return callApi(AbilityApiIntegration.getAbilityClaimEvents, { claimID }, options);
}

export function checkClaimStatus(claimIDS: readonly number[], options?: CallOptions): Promise<CheckClaimStatusReply> {
  return callApi(AbilityApiIntegration.checkClaimStatus, { claimIDS: [...claimIDS] }, options);
}

export function resendClaimAsReplacement(claimID: number, options?: CallOptions): Promise<ResendReplacementReply> {
  return callApi(AbilityApiIntegration.resendClaimAsReplacement, { claimID }, options);
}

export function uploadAcknowledgementFile(
  upload: { fileName: string; text: string },
  options: CallOptions = {},
): Promise<AcknowledgementResult> {
  return callApi(
    AbilityApiIntegration.uploadAcknowledgementFile,
    { fileName: upload.fileName },
    { ...options, text: upload.text },
  );
}
