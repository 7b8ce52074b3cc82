/**
 * The advance-payment calls. A refund travels in the query string of a POST, as the catalogue has
 * it, so it is sent as an empty text body with its input in the query.
 */
import {
  type AdvanceAppliedReply,
  type AdvanceDosReply,
  type AdvancePaymentAddedReply,
  type AdvanceRefundedReply,
  type AdvanceReversedReply,
  type ApplyAdvancePayment,
  type ClaimAdvancePaymentsReply,
  type CollectedAdvancePaymentsReply,
  type NewAdvancePayment,
  type PatientAdvancePaymentsReply,
  type RefundAdvancePayment,
  type UnappliedAdvanceReply,
} from '../../contract/advancePayments.ts';
import { type AdvanceListQuery, type AdvanceListReply } from '../../contract/advancePaymentList.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Patient } from '../../contract/calls/patient.ts';

export function addAdvancePayment(body: NewAdvancePayment, options?: CallOptions): Promise<AdvancePaymentAddedReply> {
  return callApi(Patient.savePatientAdvancePayments, body, options);
}

/** Several advances keyed at once (a day's deposits): saved whole or not at all. */
export function saveCollectedAdvancePayments(
  advancePayments: readonly NewAdvancePayment[],
  options?: CallOptions,
): Promise<CollectedAdvancePaymentsReply> {
  return callApi(
    AddEditClaim.savePatientCollectedAdvancePaymentList,
    { advancePayments: [...advancePayments] },
    options,
  );
}

export function getPatientAdvancePayments(
  patientID: number,
  options?: CallOptions,
): Promise<PatientAdvancePaymentsReply> {
  return callApi(Patient.getPatientAdvancePayments, { patientID }, options);
}

export function getPatientUnappliedAdvance(patientID: number, options?: CallOptions): Promise<UnappliedAdvanceReply> {
  return callApi(Patient.getPatientUnappliedAdvancePayment, { patientID }, options);
}

/** The advances of the claim's patient that still have credit to apply. */
export function getClaimAdvancePayments(claimID: number, options?: CallOptions): Promise<ClaimAdvancePaymentsReply> {
  return callApi(AddEditClaim.getClaimAdvancePayments, { claimID }, options);
}

export function applyAdvancePayment(body: ApplyAdvancePayment, options?: CallOptions): Promise<AdvanceAppliedReply> {
  return callApi(AddEditClaim.applyAdvancePatientPayments, body, options);
}

export function reverseAdvancePayment(
  advancePaymentID: number,
  postingDate: string,
  options?: CallOptions,
): Promise<AdvanceReversedReply> {
  return callApi(Patient.reverseAdvancePayment, { advancePaymentID, postingDate }, options);
}

export function refundAdvancePayment(
  query: RefundAdvancePayment,
  options?: CallOptions,
): Promise<AdvanceRefundedReply> {
  return callApi(Patient.refundAdvancePayment, query, { ...options, text: '' });
}

export function updateAdvancePaymentDos(
  advancePaymentID: number,
  dateOfService: string,
  options?: CallOptions,
): Promise<AdvanceDosReply> {
  return callApi(Patient.updateAdvancePaymentDOS, { advancePaymentID, dateOfService }, options);
}

/** Every advance of the patients the data role reaches, newest received first (the advance payments screen). */
export function getAdvancePayments(query: Partial<AdvanceListQuery>, options?: CallOptions): Promise<AdvanceListReply> {
  return callApi(Patient.getAdvancePaymentsData, query, options);
}
