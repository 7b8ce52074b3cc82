/** A patient's own record: search, list, register, edit, delete, duplicate warning, verifier, look-ups. */
import type { CallInput as DefinedInput } from '../../contract/call.ts';
import { Patient } from '../../contract/calls/patient.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { callApi, type CallOptions } from './client.ts';

type In<Call extends Parameters<typeof callApi>[0]> = DefinedInput<Call>;

export const searchPatients = (query: In<typeof Repository.getPatientSearch>, options?: CallOptions) =>
  callApi(Repository.getPatientSearch, query, options);
export const getPatientLookups = (options?: CallOptions) => callApi(Repository.getPatientLookupDropowns, {}, options);
export const getPatientRecord = (patientID: number, options?: CallOptions) =>
  callApi(Patient.getPatientInfoByID, { patientID }, options);
export const getDuplicateWarning = (query: In<typeof Patient.getDuplicateWarning>, options?: CallOptions) =>
  callApi(Patient.getDuplicateWarning, query, options).then((reply) => reply.candidates);
export const savePatient = (body: In<typeof Patient.savePatient>, options?: CallOptions) =>
  callApi(Patient.savePatient, body, options);
export const updatePatient = (body: In<typeof Patient.updatePatient>, options?: CallOptions) =>
  callApi(Patient.updatePatient, body, options);
export const deletePatient = (patientID: number, options?: CallOptions) =>
  callApi(Patient.deletePatientByID, { patientID }, options);
