import { type UpdateChargesSortOrderReply } from '../../contract/chargeOrder.ts';
import { callApi, type CallOptions } from './client.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** `chargeIDs`: every line of the claim that is not deleted, in the new order. */
export function updateChargesSortOrder(
  claimID: number,
  chargeIDs: readonly number[],
  options?: CallOptions,
): Promise<UpdateChargesSortOrderReply> {
  return callApi(Claims.updateChargesSortOrder, { claimID, chargeIDs: [...chargeIDs] }, options);
}
