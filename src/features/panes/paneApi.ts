/**
 * The reads behind the claim detail screen and the workspace panes. Pane loads run in the
 * background (no global busy bar while the biller moves the cursor) and are cancelled when the
 * cursor moves on.
 */
import { chargesReplySchema, claimDetailReplySchema, type ChargesReply, type ClaimDetailReply } from '../../../contract/claimDetail.ts';
import { paymentLedgersReplySchema, type PaymentLedgersReply } from '../../../contract/ledger.ts';
import { patientInfoReplySchema, type PatientInfoReply } from '../../../contract/patients.ts';
import { callApi, type ApiCall, type CallOptions } from '../../api/client.ts';

const claimDetailCall: ApiCall<ClaimDetailReply> = { controller: 'Claims', name: 'getClaimDetailData', reply: claimDetailReplySchema };
const chargesCall: ApiCall<ChargesReply> = { controller: 'Claims', name: 'getChargesData', reply: chargesReplySchema };
const ledgersCall: ApiCall<PaymentLedgersReply> = { controller: 'Claims', name: 'getPaymentLedgers', reply: paymentLedgersReplySchema };
const patientCall: ApiCall<PatientInfoReply> = { controller: 'Patient', name: 'getPatientInfoByID', reply: patientInfoReplySchema };

export function getClaimDetailData(claimID: number, options?: CallOptions): Promise<ClaimDetailReply> {
  return callApi(claimDetailCall, { claimID }, options);
}

export function getChargesData(claimID: number, options?: CallOptions): Promise<ChargesReply> {
  return callApi(chargesCall, { claimID }, options);
}

export function getPaymentLedgers(by: { claimID: number } | { patientID: number }, options?: CallOptions): Promise<PaymentLedgersReply> {
  return callApi(ledgersCall, { ...by }, options);
}

export function getPatientInfoByID(patientID: number, options?: CallOptions): Promise<PatientInfoReply> {
  return callApi(patientCall, { patientID }, options);
}
