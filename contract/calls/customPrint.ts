/** The CustomPrint controller's calls, each served at /api/CustomPrint/<name> (call.ts). */
import { controller, fileReply, get } from '../call.ts';
import { printStatementQuerySchema } from '../patientStatements.ts';

export const CustomPrint = controller('CustomPrint', {
  /** A stored patient statement's PDF, printed again. */
  getPrintPatientStatements: get('REPORTS', { input: printStatementQuerySchema, reply: fileReply }),
});
