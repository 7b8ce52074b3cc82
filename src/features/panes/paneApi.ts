/**
 * The reads behind the claim detail screen and the workspace panes. Pane loads run in the
 * background (no global busy bar while the biller moves the cursor) and are cancelled when the
 * cursor moves on.
 */
import { type ChargesReply, type ClaimDetailReply } from '../../../contract/claimDetail.ts';
import { type PaymentLedgersReply } from '../../../contract/ledger.ts';
import { type PatientInfoReply } from '../../../contract/patients.ts';
import { callApi, type CallOptions } from '../../api/client.ts';
import { Claims } from '../../../contract/calls/claims.ts';
import { Patient } from '../../../contract/calls/patient.ts';

export function getClaimDetailData(claimID: number, options?: CallOptions): Promise<ClaimDetailReply> {
  return callApi(Claims.getClaimDetailData, { claimID }, options);
}

export function getChargesData(claimID: number, options?: CallOptions): Promise<ChargesReply> {
  return callApi(Claims.getChargesData, { claimID }, options);
}

export function getPaymentLedgers(
  by: { claimID: number } | { patientID: number },
  options?: CallOptions,
): Promise<PaymentLedgersReply> {
  return callApi(Claims.getPaymentLedgers, { ...by }, options);
}

export function getPatientInfoByID(patientID: number, options?: CallOptions): Promise<PatientInfoReply> {
  return callApi(Patient.getPatientInfoByID, { patientID }, options);
}
