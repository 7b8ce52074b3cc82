/** The Patient controller's calls, each served at /api/Patient/<name> (call.ts). */
import { z } from 'zod';
import { controller, get, post } from '../call.ts';
import { advanceListQuerySchema, advanceListReplySchema } from '../advancePaymentList.ts';
import {
  advanceDosReplySchema,
  advancePaymentAddedReplySchema,
  advancePaymentDosSchema,
  advanceRefundedReplySchema,
  advanceReversedReplySchema,
  newAdvancePaymentSchema,
  patientAdvancePaymentsReplySchema,
  patientIDQuerySchema,
  reverseAdvancePaymentSchema,
  unappliedAdvanceReplySchema,
} from '../advancePayments.ts';
import {
  claimDocumentsQuerySchema,
  claimDocumentsReplySchema,
  saveClaimDocumentReplySchema,
  saveClaimDocumentRequestSchema,
} from '../documents.ts';
import { patientRecordCalls } from './patientRecord.ts';
import { patientCoverageCalls } from './patientCoverage.ts';
import { patientFinancialCalls } from './patientFinancials.ts';
import { patientDocumentCalls } from './patientDocuments.ts';
import { patientStatementCalls } from './patientStatements.ts';
import { patientEligibilityCalls } from './patientEligibility.ts';
import { patientIDQuerySchema as patientsPatientIDQuerySchema, patientInfoReplySchema } from '../patients.ts';

export const Patient = controller('Patient', {
  ...patientCoverageCalls,
  ...patientRecordCalls,
  ...patientFinancialCalls,
  ...patientDocumentCalls,
  ...patientStatementCalls,
  getClaimDocuments: get('PATIENTS', { input: claimDocumentsQuerySchema, reply: claimDocumentsReplySchema }),
  getPatientAdvancePayments: get('PATIENTS', { input: patientIDQuerySchema, reply: patientAdvancePaymentsReplySchema }),
  reverseAdvancePayment: get('PATIENTS', { input: reverseAdvancePaymentSchema, reply: advanceReversedReplySchema }),
  getPatientInfoByID: get('PATIENTS', { input: patientsPatientIDQuerySchema, reply: patientInfoReplySchema }),
  ...patientEligibilityCalls,
  getPatientUnappliedAdvancePayment: get('PATIENTS', {
    input: patientIDQuerySchema,
    reply: unappliedAdvanceReplySchema,
  }),
  saveClaimDocument: post('PATIENTS', { input: saveClaimDocumentRequestSchema, reply: saveClaimDocumentReplySchema }),
  savePatientAdvancePayments: post('PATIENTS', {
    input: newAdvancePaymentSchema,
    reply: advancePaymentAddedReplySchema,
  }),
  updateAdvancePaymentDOS: post('PATIENTS', { input: advancePaymentDosSchema, reply: advanceDosReplySchema }),
  refundAdvancePayment: post('PATIENTS', { input: z.unknown(), reply: advanceRefundedReplySchema }),
  // The advance payments screen: every patient's advances in the data role (the catalogue lists them per patient).
  getAdvancePaymentsData: get('PAYMENTS', { input: advanceListQuerySchema, reply: advanceListReplySchema }),
});
