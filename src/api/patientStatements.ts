import { Patient } from '../../contract/calls/patient.ts';
import type { StatementRunRequest } from '../../contract/patientStatements.ts';
import type { CallOptions } from './client.ts';
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
