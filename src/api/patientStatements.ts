import { CustomPrint } from '../../contract/calls/customPrint.ts';
import { Patient } from '../../contract/calls/patient.ts';
import type {
  CollectionsReply,
  CollectionsRequest,
  PatientStatement,
  StatementRunRequest,
  StatementRunStartedReply,
} from '../../contract/patientStatements.ts';
import { callApi, type CallOptions } from './client.ts';
import { fetchFile } from './fileCall.ts';

/** Starts a print run of patient statements on the server; the reply is the bulk job to follow. */
export function startStatementRun(
  request: StatementRunRequest,
  options: CallOptions = {},
): Promise<StatementRunStartedReply> {
  return callApi(Patient.startPatientStatementRun, request, options);
}

/** A finished print run's one PDF of every statement it stored. */
export async function fetchStatementRunFile(
  runID: number,
  options: CallOptions = {},
): Promise<{ blob: Blob; fileName: string }> {
  const blob = await fetchFile(Patient.patientStatementsFileDownload, { runID }, options);
  return {
    blob: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    fileName: `patient-statements-run-${runID}.pdf`,
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

/** Sends the patient to collections, or returns them; statement runs skip a patient in collections. */
export function updatePatientCollections(
  request: CollectionsRequest,
  options: CallOptions = {},
): Promise<CollectionsReply> {
  return callApi(Patient.updatePatientCollections, request, options);
}
