import { updateChargesSortOrderReplySchema, type UpdateChargesSortOrderReply } from '../../contract/chargeOrder.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const sortOrderCall: ApiCall<UpdateChargesSortOrderReply> = { controller: 'Claims', name: 'updateChargesSortOrder', reply: updateChargesSortOrderReplySchema };

/** `chargeIDs`: every line of the claim that is not deleted, in the new order. */
export function updateChargesSortOrder(claimID: number, chargeIDs: readonly number[], options?: CallOptions): Promise<UpdateChargesSortOrderReply> {
  return callApi(sortOrderCall, { claimID, chargeIDs: [...chargeIDs] }, options);
}
