import { CustomPrint } from '../../contract/calls/customPrint.ts';
import { Patient } from '../../contract/calls/patient.ts';
import type { PatientStatement, StatementRunRequest } from '../../contract/patientStatements.ts';
import { callApi, type CallOptions } from './client.ts';
import { fetchFile } from './fileCall.ts';

/** A print run of patient statements: the one PDF of every statement it stored. */
export async function runPatientStatements(
  request: StatementRunRequest,
  today: string,
  options: CallOptions = {},
): Promise<{ blob: Blob; fileName: string }> {
  const blob = await fetchFile(Patient.patientStatementsFileDownload, request, options);
  return {
    blob: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    fileName: `patient-statements-${today}.pdf`,
  };
}

/** The statements already sent to the patient, newest first, with what a statement now would say. */
export async function getPatientStatement(patientID: number, options?: CallOptions): Promise<PatientStatement | null> {
  const reply = await callApi(Patient.getPatientStatementsData, { patientIDs: String(patientID) }, options);
  return reply.statements[0] ?? null;
}

/** A stored statement's PDF, to print again. */
export async function fetchStoredStatement(
  statementID: number,
  options: CallOptions = {},
): Promise<{ blob: Blob; fileName: string }> {
  const blob = await fetchFile(CustomPrint.getPrintPatientStatements, { id: statementID }, options);
  return {
    blob: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    fileName: `patient-statement-${statementID}.pdf`,
  };
}
