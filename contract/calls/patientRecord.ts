/** The calls of a patient's own record: the Patient controller's and the Repository's look-ups. */
import { del, get, noInput, post } from '../call.ts';
import { patientIDQuerySchema } from '../patients.ts';
import {
  deletedPatientReplySchema,
  demographicQuerySchema,
  demographicReplySchema,
  duplicateWarningQuerySchema,
  duplicateWarningReplySchema,
  patientDataQuerySchema,
  patientListReplySchema,
  patientLookupsReplySchema,
  patientRequestSchema,
  patientSearchQuerySchema,
  savedPatientReplySchema,
  updatePatientRequestSchema,
} from '../patientRecord.ts';

/** Spread into the Patient controller (patient.ts). */
export const patientRecordCalls = {
  getPatientData: get('PATIENTS', { input: patientDataQuerySchema, reply: patientListReplySchema }),
  demographicVerifier: get('PATIENTS', { input: demographicQuerySchema, reply: demographicReplySchema }),
  getDuplicateWarning: get('PATIENTS', { input: duplicateWarningQuerySchema, reply: duplicateWarningReplySchema }),
  savePatient: post('PATIENTS', { input: patientRequestSchema, reply: savedPatientReplySchema }),
  updatePatient: post('PATIENTS', { input: updatePatientRequestSchema, reply: savedPatientReplySchema }),
  deletePatientByID: del('PATIENTS', { input: patientIDQuerySchema, reply: deletedPatientReplySchema }),
};

/** Spread into the Repository controller (repository.ts). */
export const patientRepositoryCalls = {
  getPatientSearch: get('session', { input: patientSearchQuerySchema, reply: patientListReplySchema }),
  getPatientLookupDropowns: get('session', { input: noInput, reply: patientLookupsReplySchema }),
};
