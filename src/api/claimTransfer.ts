import type {
  ClaimPayorReply,
  ClaimTransferInsuranceReply,
  TransferClaimBalanceReply,
  TransferClaimBalanceRequest,
} from '../../contract/claimTransfer.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';

/** Who the claim's balance waits on now (its payer, or the patient), with its insurance and patient balances. */
export function getClaimPayor(claimID: number, options?: CallOptions): Promise<ClaimPayorReply> {
  return callApi(AddEditClaim.getClaimPayor, { claimID }, options);
}

/** Where the claim's balance can go next: the patient's next coverages and the patient. */
export function getClaimTransferInsurance(
  claimID: number,
  options?: CallOptions,
): Promise<ClaimTransferInsuranceReply> {
  return callApi(AddEditClaim.getClaimTransferInsurance, { claimID }, options);
}

export function transferClaimBalance(
  request: TransferClaimBalanceRequest,
  options?: CallOptions,
): Promise<TransferClaimBalanceReply> {
  return callApi(AddEditClaim.transferClaimBalance, request, options);
}
