/** The calls of patient statements, spread into the Patient controller. */
import { fileReply, get, post } from '../call.ts';
import {
  collectionsReplySchema,
  collectionsRequestSchema,
  statementDataQuerySchema,
  statementDataReplySchema,
  statementRulesSchema,
  statementRunFileRequestSchema,
  statementRunRequestSchema,
  statementRunStartedReplySchema,
  statementSelectionReplySchema,
} from '../patientStatements.ts';

export const patientStatementCalls = {
  getPatientStatementsIDS: get('PATIENTS', { input: statementRulesSchema, reply: statementSelectionReplySchema }),
  getPatientStatementsData: get('PATIENTS', { input: statementDataQuerySchema, reply: statementDataReplySchema }),
  /** Starts a print run as a bulk job; the reply is the job to follow. This product's own call. */
  startPatientStatementRun: post('PATIENTS', {
    input: statementRunRequestSchema,
    reply: statementRunStartedReplySchema,
  }),
  /** Sends a patient to collections (statement runs skip them) or returns them. This product's own call. */
  updatePatientCollections: post('PATIENTS', { input: collectionsRequestSchema, reply: collectionsReplySchema }),
  /** A finished print run's one file of all its statements. */
  patientStatementsFileDownload: post('PATIENTS', {
    input: statementRunFileRequestSchema,
    reply: fileReply,
    timeoutMs: null,
  }),
};
