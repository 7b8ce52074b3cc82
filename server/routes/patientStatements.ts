import type { FastifyInstance, FastifyReply } from 'fastify';
import { CustomPrint } from '../../contract/calls/customPrint.ts';
import { Patient } from '../../contract/calls/patient.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { dayOf } from '../services/claims/claimFilters.ts';
import { patientStatements } from '../services/patientStatements/statementData.ts';
import { printStoredStatement, runPatientStatements } from '../services/patientStatements/statementRun.ts';
import { selectStatementPatients } from '../services/patientStatements/statementSelection.ts';

function sendPdf(reply: FastifyReply, file: { fileName: string; bytes: Uint8Array }): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(Buffer.from(file.bytes));
}

/** Patient statements: who is billed, what each statement says, the print run and a stored statement again. */
export function patientStatementRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Patient.getPatientStatementsIDS, {
    handler: (input, context) => context.data.run(selectStatementPatients)(input, dayOf(deps.now())),
  });
  defineCall(app, deps, Patient.getPatientStatementsData, {
    handler: (input, context) =>
      context.data.run(patientStatements)(input.patientIDs, input.statementDate ?? dayOf(deps.now())),
  });
  defineCall(app, deps, Patient.patientStatementsFileDownload, {
    handler: async (input, context, _request, reply) => {
      const run = await context.data.run(runPatientStatements)(input, dayOf(deps.now()));
      return sendPdf(reply.header('x-statement-run', String(run.runID)), run);
    },
  });
  defineCall(app, deps, CustomPrint.getPrintPatientStatements, {
    handler: async (input, context, _request, reply) =>
      sendPdf(reply, await context.data.run(printStoredStatement)(input.id)),
  });
}
