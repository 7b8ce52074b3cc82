/** The MedicalCase controller's calls, each served at /api/MedicalCase/<name> (call.ts). */
import { controller, get, post } from '../call.ts';
import {
  addUpdateCptRevenueCrosswalkRequestSchema,
  cptRevenueCrosswalkIDSchema,
  cptRevenueCrosswalkReplySchema,
  revenueCrosswalkSearchQuerySchema,
  revenueCrosswalkSearchReplySchema,
} from '../crosswalks.ts';
import {
  linkMedicalCaseRequestSchema,
  medicalCaseDetailQuerySchema,
  medicalCaseDetailReplySchema,
  medicalCaseIDRequestSchema,
  medicalCaseMessageReplySchema,
  patientMedicalCasesQuerySchema,
  patientMedicalCasesReplySchema,
  saveMedicalCaseReplySchema,
  saveMedicalCaseRequestSchema,
  unlinkMedicalCaseRequestSchema,
  updateMedicalCaseRequestSchema,
} from '../medicalCases.ts';
import {
  linkableClaimsQuerySchema,
  linkableClaimsReplySchema,
  medicalCaseLookupsQuerySchema,
  medicalCaseLookupsReplySchema,
  openMedicalCaseQuerySchema,
  openMedicalCaseReplySchema,
} from '../medicalCaseLookups.ts';
import {
  revenueCodesForCptQuerySchema,
  revenueCodesForCptReplySchema,
  revenueCodesQuerySchema,
  revenueCodesReplySchema,
} from '../revenueCodes.ts';

export const MedicalCase = controller('MedicalCase', {
  getPatientMedicalCases: get('CLAIMS', {
    input: patientMedicalCasesQuerySchema,
    reply: patientMedicalCasesReplySchema,
  }),
  getMedicalCaseLookups: get('CLAIMS', { input: medicalCaseLookupsQuerySchema, reply: medicalCaseLookupsReplySchema }),
  getMedicalCaseDetailByID: get('CLAIMS', { input: medicalCaseDetailQuerySchema, reply: medicalCaseDetailReplySchema }),
  getLinkableClaimsForMedicalCase: get('CLAIMS', {
    input: linkableClaimsQuerySchema,
    reply: linkableClaimsReplySchema,
  }),
  getOpenMedicalCaseForClaim: get('CLAIMS', { input: openMedicalCaseQuerySchema, reply: openMedicalCaseReplySchema }),
  getRevenueCodesForCPT: get('CLAIMS', { input: revenueCodesForCptQuerySchema, reply: revenueCodesForCptReplySchema }),
  getRevenueCrossWalkSearch: get('CLAIMS', {
    input: revenueCrosswalkSearchQuerySchema,
    reply: revenueCrosswalkSearchReplySchema,
  }),
  getRevenueCodes: get('CLAIMS', { input: revenueCodesQuerySchema, reply: revenueCodesReplySchema }),
  saveMedicalCase: post('CLAIMS', { input: saveMedicalCaseRequestSchema, reply: saveMedicalCaseReplySchema }),
  updateMedicalCase: post('CLAIMS', { input: updateMedicalCaseRequestSchema, reply: medicalCaseMessageReplySchema }),
  linkMedicalCaseWithClaims: post('CLAIMS', {
    input: linkMedicalCaseRequestSchema,
    reply: medicalCaseMessageReplySchema,
  }),
  unlinkMedicalCase: post('CLAIMS', { input: unlinkMedicalCaseRequestSchema, reply: medicalCaseMessageReplySchema }),
  deleteMedicalCase: post('CLAIMS', { input: medicalCaseIDRequestSchema, reply: medicalCaseMessageReplySchema }),
  addUpdateCptRevenueCrosswalk: post('CLAIMS', {
    input: addUpdateCptRevenueCrosswalkRequestSchema,
    reply: cptRevenueCrosswalkReplySchema,
  }),
  deleteCptRevenueCrosswalk: post('CLAIMS', {
    input: cptRevenueCrosswalkIDSchema,
    reply: cptRevenueCrosswalkReplySchema,
  }),
});
