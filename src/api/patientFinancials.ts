import { Patient } from '../../contract/calls/patient.ts';
import type { PatientFinancialsReply, PatientTransactionsReply } from '../../contract/patientFinancials.ts';
import { callApi, type CallOptions } from './client.ts';

/** The patient's balances and aging, from the ledger. */
export function getPatientFinancials(patientID: number, options?: CallOptions): Promise<PatientFinancialsReply> {
  return callApi(Patient.getPatientFinancialsByID, { patientID }, options);
}

/** Every posting on the patient, oldest first, with the running balance. */
export function getPatientTransactions(patientID: number, options?: CallOptions): Promise<PatientTransactionsReply> {
  return callApi(Patient.getPatientTransectionStatement, { patientID }, options);
}
