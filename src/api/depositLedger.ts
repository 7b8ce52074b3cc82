/** What was posted from an ERA check (a payment batch's rows come from getPaymentBatchLedger). */
import { type EraCheckLedgerReply } from '../../contract/depositLedger.ts';
import { callApi, type CallOptions } from './client.ts';
import { Claims } from '../../contract/calls/claims.ts';

export function getEraCheckLedger(eraCheckID: number, options?: CallOptions): Promise<EraCheckLedgerReply> {
  return callApi(Claims.getERACheckLedgerRows, { eraCheckID }, options);
}
