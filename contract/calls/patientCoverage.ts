/** The calls of a patient's coverages and guarantors, spread into their controllers (Patient, Repository, AddEditClaim). */
import { messageReplySchema } from '../auth.ts';
import { del, get, noInput, post } from '../call.ts';
import { patientIDQuerySchema } from '../patients.ts';
import {
  addCoverageRequestSchema,
  claimCoveragesReplySchema,
  claimIDQuerySchema,
  coverageActiveRequestSchema,
  coverageReplySchema,
  coverageSavedReplySchema,
  coveragesQuerySchema,
  coveragesReplySchema,
  guarantorIDQuerySchema,
  guarantorSavedReplySchema,
  guarantorsReplySchema,
  insuranceIDQuerySchema,
  insuranceInfoReplySchema,
  patientInsuranceIDQuerySchema,
  payerReplySchema,
  payersByTypeReplySchema,
  payersQuerySchema,
  payersReplySchema,
  saveGuarantorRequestSchema,
  updateCoverageRequestSchema,
  updateGuarantorRequestSchema,
} from '../patientCoverage.ts';

export const patientCoverageCalls = {
  getPatientBasedInsurancesData: get('PATIENTS', { input: coveragesQuerySchema, reply: coveragesReplySchema }),
  getPatientInsuranceDataByID: get('PATIENTS', { input: patientInsuranceIDQuerySchema, reply: coverageReplySchema }),
  getInsuranceByID: get('PATIENTS', { input: insuranceIDQuerySchema, reply: payerReplySchema }),
  getInsuranceData: get('PATIENTS', { input: payersQuerySchema, reply: payersReplySchema }),
  getInsurancesWithTypes: get('PATIENTS', { input: patientIDQuerySchema, reply: payersByTypeReplySchema }),
  AddPatientInsurance: post('PATIENTS', { input: addCoverageRequestSchema, reply: coverageSavedReplySchema }),
  updatePatientInsurance: post('PATIENTS', { input: updateCoverageRequestSchema, reply: coverageSavedReplySchema }),
  updatePatientInsuranceActive: post('PATIENTS', { input: coverageActiveRequestSchema, reply: messageReplySchema }),
  getPatientGuarantor: get('PATIENTS', { input: patientIDQuerySchema, reply: guarantorsReplySchema }),
  savePatientGuarantor: post('PATIENTS', { input: saveGuarantorRequestSchema, reply: guarantorSavedReplySchema }),
  updatePatientGuarantorData: post('PATIENTS', {
    input: updateGuarantorRequestSchema,
    reply: guarantorSavedReplySchema,
  }),
  deletePatientGuarantorByID: del('PATIENTS', { input: guarantorIDQuerySchema, reply: messageReplySchema }),
};

export const repositoryCoverageCalls = {
  getInsuranceInfo: get('session', { input: noInput, reply: insuranceInfoReplySchema }),
};

export const claimCoverageCalls = {
  getClaimPatientInsurances: get('CLAIMS', { input: claimIDQuerySchema, reply: claimCoveragesReplySchema }),
};
