/**
 * The advance-payment calls. A refund travels in the query string of a POST, as the catalogue has
 * it, so it is sent as an empty text body with its input in the query.
 */
import {
  advanceAppliedReplySchema,
  advanceDosReplySchema,
  advancePaymentAddedReplySchema,
  advanceRefundedReplySchema,
  advanceReversedReplySchema,
  claimAdvancePaymentsReplySchema,
  collectedAdvancePaymentsReplySchema,
  patientAdvancePaymentsReplySchema,
  unappliedAdvanceReplySchema,
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
import { advanceListReplySchema, type AdvanceListQuery, type AdvanceListReply } from '../../contract/advancePaymentList.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const addCall: ApiCall<AdvancePaymentAddedReply> = { controller: 'Patient', name: 'savePatientAdvancePayments', reply: advancePaymentAddedReplySchema };
const collectedCall: ApiCall<CollectedAdvancePaymentsReply> = { controller: 'AddEditClaim', name: 'savePatientCollectedAdvancePaymentList', reply: collectedAdvancePaymentsReplySchema };
const patientListCall: ApiCall<PatientAdvancePaymentsReply> = { controller: 'Patient', name: 'getPatientAdvancePayments', reply: patientAdvancePaymentsReplySchema };
const unappliedCall: ApiCall<UnappliedAdvanceReply> = { controller: 'Patient', name: 'getPatientUnappliedAdvancePayment', reply: unappliedAdvanceReplySchema };
const claimListCall: ApiCall<ClaimAdvancePaymentsReply> = { controller: 'AddEditClaim', name: 'getClaimAdvancePayments', reply: claimAdvancePaymentsReplySchema };
const applyCall: ApiCall<AdvanceAppliedReply> = { controller: 'AddEditClaim', name: 'applyAdvancePatientPayments', reply: advanceAppliedReplySchema };
const reverseCall: ApiCall<AdvanceReversedReply> = { controller: 'Patient', name: 'reverseAdvancePayment', reply: advanceReversedReplySchema };
const refundCall: ApiCall<AdvanceRefundedReply> = { controller: 'Patient', name: 'refundAdvancePayment', reply: advanceRefundedReplySchema };
const listCall: ApiCall<AdvanceListReply> = { controller: 'Patient', name: 'getAdvancePaymentsData', reply: advanceListReplySchema };
const dosCall: ApiCall<AdvanceDosReply> = { controller: 'Patient', name: 'updateAdvancePaymentDOS', reply: advanceDosReplySchema };

export function addAdvancePayment(body: NewAdvancePayment, options?: CallOptions): Promise<AdvancePaymentAddedReply> {
  return callApi(addCall, body, options);
}

/** Several advances keyed at once (a day's deposits): saved whole or not at all. */
export function saveCollectedAdvancePayments(advancePayments: readonly NewAdvancePayment[], options?: CallOptions): Promise<CollectedAdvancePaymentsReply> {
  return callApi(collectedCall, { advancePayments: [...advancePayments] }, options);
}

export function getPatientAdvancePayments(patientID: number, options?: CallOptions): Promise<PatientAdvancePaymentsReply> {
  return callApi(patientListCall, { patientID }, options);
}

export function getPatientUnappliedAdvance(patientID: number, options?: CallOptions): Promise<UnappliedAdvanceReply> {
  return callApi(unappliedCall, { patientID }, options);
}

/** The advances of the claim's patient that still have credit to apply. */
export function getClaimAdvancePayments(claimID: number, options?: CallOptions): Promise<ClaimAdvancePaymentsReply> {
  return callApi(claimListCall, { claimID }, options);
}

export function applyAdvancePayment(body: ApplyAdvancePayment, options?: CallOptions): Promise<AdvanceAppliedReply> {
  return callApi(applyCall, body, options);
}

export function reverseAdvancePayment(advancePaymentID: number, postingDate: string, options?: CallOptions): Promise<AdvanceReversedReply> {
  return callApi(reverseCall, { advancePaymentID, postingDate }, options);
}

export function refundAdvancePayment(query: RefundAdvancePayment, options?: CallOptions): Promise<AdvanceRefundedReply> {
  return callApi(refundCall, query, { ...options, text: '' });
}

export function updateAdvancePaymentDos(advancePaymentID: number, dateOfService: string, options?: CallOptions): Promise<AdvanceDosReply> {
  return callApi(dosCall, { advancePaymentID, dateOfService }, options);
}

/** Every advance of the patients the data role reaches, newest received first (the advance payments screen). */
export function getAdvancePayments(query: Partial<AdvanceListQuery>, options?: CallOptions): Promise<AdvanceListReply> {
  return callApi(listCall, query, options);
}
