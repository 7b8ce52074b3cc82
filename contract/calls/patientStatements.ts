/** The calls of patient statements, spread into the Patient controller. */
import { fileReply, get, post } from '../call.ts';
import {
  statementDataQuerySchema,
  statementDataReplySchema,
  statementRulesSchema,
  statementRunRequestSchema,
  statementSelectionReplySchema,
} from '../patientStatements.ts';

export const patientStatementCalls = {
  getPatientStatementsIDS: get('PATIENTS', { input: statementRulesSchema, reply: statementSelectionReplySchema }),
  getPatientStatementsData: get('PATIENTS', { input: statementDataQuerySchema, reply: statementDataReplySchema }),
  /** The print run: stores each statement and answers with the one file of them all. */
  patientStatementsFileDownload: post('PATIENTS', {
    input: statementRunRequestSchema,
    reply: fileReply,
    timeoutMs: null,
  }),
};
