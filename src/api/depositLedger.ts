/** What was posted from an ERA check (a payment batch's rows come from getPaymentBatchLedger). */
import { eraCheckLedgerReplySchema, type EraCheckLedgerReply } from '../../contract/depositLedger.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const eraCheckLedgerCall: ApiCall<EraCheckLedgerReply> = { controller: 'Claims', name: 'getERACheckLedgerRows', reply: eraCheckLedgerReplySchema };

export function getEraCheckLedger(eraCheckID: number, options?: CallOptions): Promise<EraCheckLedgerReply> {
  return callApi(eraCheckLedgerCall, { eraCheckID }, options);
}
