/** The calls of a patient's money, spread into the Patient controller. */
import { get } from '../call.ts';
import {
  patientFinancialDetailsReplySchema,
  patientFinancialsQuerySchema,
  patientFinancialsReplySchema,
  patientTransactionsQuerySchema,
  patientTransactionsReplySchema,
} from '../patientFinancials.ts';

export const patientFinancialCalls = {
  getPatientFinancialsByID: get('PATIENTS', {
    input: patientFinancialsQuerySchema,
    reply: patientFinancialsReplySchema,
  }),
  getPatientFinancialDetailsByID: get('PATIENTS', {
    input: patientFinancialsQuerySchema,
    reply: patientFinancialDetailsReplySchema,
  }),
  getPatientTransectionStatement: get('PATIENTS', {
    input: patientTransactionsQuerySchema,
    reply: patientTransactionsReplySchema,
  }),
};
