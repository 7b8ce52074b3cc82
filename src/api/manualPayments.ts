/** Payments keyed by hand: a paper EOB onto one claim's lines, and what a patient paid. */
import {
  type InsurancePaymentReply,
  type InsurancePaymentInput,
  type PatientPaymentReply,
  type PatientPaymentRequest,
} from '../../contract/era.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';

export function saveInsurancePayment(
  body: InsurancePaymentInput,
  options?: CallOptions,
): Promise<InsurancePaymentReply> {
  return callApi(AddEditClaim.saveInsurancePayments, body, options);
}

export function savePatientPayment(body: PatientPaymentRequest, options?: CallOptions): Promise<PatientPaymentReply> {
  return callApi(AddEditClaim.savePatientPayments, body, options);
}
