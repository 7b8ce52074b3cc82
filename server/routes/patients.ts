/**
 * A patient's own record: search, the patient list, registering, editing and deleting, the
 * duplicate warning and the demographic verifier, each limited to the user's data role.
 */
import type { FastifyInstance } from 'fastify';
import { Patient } from '../../contract/calls/patient.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { verifyDemographics } from '../services/patients/demographicVerifier.ts';
import { duplicateWarning, listPatients, searchPatients } from '../services/patients/patientLists.ts';
import { deletePatient, patientLookups, savePatient, updatePatient } from '../services/patients/patientRecords.ts';

export function patientRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Repository.getPatientSearch, {
    handler: (input, { data }) => data.run(searchPatients)(input),
  });
  defineCall(app, deps, Repository.getPatientLookupDropowns, {
    handler: (_input, { data }) => data.run(patientLookups)(),
  });
  defineCall(app, deps, Patient.getPatientData, { handler: (input, { data }) => data.run(listPatients)(input) });
  defineCall(app, deps, Patient.getDuplicateWarning, {
    handler: (input, { data }) => data.run(duplicateWarning)(input),
  });
  defineCall(app, deps, Patient.demographicVerifier, {
    handler: (input, { data }) => data.run(verifyDemographics)(input, deps.now()),
  });
  defineCall(app, deps, Patient.savePatient, {
    handler: (input, { data }) => data.run(savePatient)(input, deps.now()),
  });
  defineCall(app, deps, Patient.updatePatient, {
    handler: (input, { data }) => data.run(updatePatient)(input, deps.now()),
  });
  defineCall(app, deps, Patient.deletePatientByID, {
    handler: (input, { data }) => data.run(deletePatient)(Number(input.patientID)),
  });
}
