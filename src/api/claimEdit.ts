import { type EditChargeReply, type EditChargeRequest } from '../../contract/chargeEdit.ts';
import { type ClaimDNAReply } from '../../contract/claimDNA.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

/** Changes the coding of one charge line; the claim goes back to "not scrubbed". */
export function editCharge(body: EditChargeRequest, options?: CallOptions): Promise<EditChargeReply> {
  return callApi(AddEditClaim.editCharge, body, options);
}

/** The claim's DNA log: every change, oldest first, with who and from where. */
export function getClaimDNA(claimID: number, options?: CallOptions): Promise<ClaimDNAReply> {
  return callApi(Claims.getClaimDNAData, { claimID }, options);
}
