/** Payments keyed by hand: a paper EOB onto one claim's lines, and what a patient paid. */
import {
  insurancePaymentReplySchema,
  patientPaymentReplySchema,
  type InsurancePaymentReply,
  type InsurancePaymentInput,
  type PatientPaymentReply,
  type PatientPaymentRequest,
} from '../../contract/era.ts';
import { callApi, type ApiCall, type CallOptions } from './client.ts';

const insuranceCall: ApiCall<InsurancePaymentReply> = { controller: 'AddEditClaim', name: 'saveInsurancePayments', reply: insurancePaymentReplySchema };
const patientCall: ApiCall<PatientPaymentReply> = { controller: 'AddEditClaim', name: 'savePatientPayments', reply: patientPaymentReplySchema };

export function saveInsurancePayment(body: InsurancePaymentInput, options?: CallOptions): Promise<InsurancePaymentReply> {
  return callApi(insuranceCall, body, options);
}

export function savePatientPayment(body: PatientPaymentRequest, options?: CallOptions): Promise<PatientPaymentReply> {
  return callApi(patientCall, body, options);
}
