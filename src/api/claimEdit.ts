import { editChargeReplySchema, type EditChargeReply, type EditChargeRequest } from '../../contract/chargeEdit.ts';
import { claimDNAReplySchema, type ClaimDNAReply } from '../../contract/claimDNA.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const editChargeCall: ApiCall<EditChargeReply> = { controller: 'AddEditClaim', name: 'editCharge', reply: editChargeReplySchema };
const dnaCall: ApiCall<ClaimDNAReply> = { controller: 'Claims', name: 'getClaimDNAData', reply: claimDNAReplySchema };

/** Changes the coding of one charge line; the claim goes back to "not scrubbed". */
export function editCharge(body: EditChargeRequest, options?: CallOptions): Promise<EditChargeReply> {
  return callApi(editChargeCall, body, options);
}

/** The claim's DNA log: every change, oldest first, with who and from where. */
export function getClaimDNA(claimID: number, options?: CallOptions): Promise<ClaimDNAReply> {
  return callApi(dnaCall, { claimID }, options);
}
