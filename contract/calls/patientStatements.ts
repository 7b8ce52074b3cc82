/** The calls of patient statements, spread into the Patient controller. */
import { get } from '../call.ts';
import {
  statementDataQuerySchema,
  statementDataReplySchema,
  statementRulesSchema,
  statementSelectionReplySchema,
} from '../patientStatements.ts';

export const patientStatementCalls = {
  getPatientStatementsIDS: get('PATIENTS', { input: statementRulesSchema, reply: statementSelectionReplySchema }),
  getPatientStatementsData: get('PATIENTS', { input: statementDataQuerySchema, reply: statementDataReplySchema }),
};
