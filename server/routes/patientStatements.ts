import type { FastifyInstance, FastifyReply } from 'fastify';
import { CustomPrint } from '../../contract/calls/customPrint.ts';
import { Patient } from '../../contract/calls/patient.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { dayOf } from '../services/claims/claimFilters.ts';
import { updatePatientCollections } from '../services/patientStatements/collections.ts';
import { patientStatements } from '../services/patientStatements/statementData.ts';
import type { JobRunner } from '../services/jobs/runner.ts';
import {
  printStoredStatement,
  startPatientStatementRun,
  statementRunFile,
} from '../services/patientStatements/statementRun.ts';
import { selectStatementPatients } from '../services/patientStatements/statementSelection.ts';

function sendPdf(reply: FastifyReply, file: { fileName: string; bytes: Uint8Array }): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(Buffer.from(file.bytes));
}

/** Patient statements: who is billed, what each statement says, the print run (a bulk job) and its file, a stored statement again. */
export function patientStatementRoutes(app: FastifyInstance, deps: AuthDeps, jobs: JobRunner): void {
  defineCall(app, deps, Patient.getPatientStatementsIDS, {
    handler: (input, context) => context.data.run(selectStatementPatients)(input, dayOf(deps.now())),
  });
  defineCall(app, deps, Patient.getPatientStatementsData, {
    handler: (input, context) =>
      context.data.run(patientStatements)(input.patientIDs, input.statementDate ?? dayOf(deps.now())),
  });
  // A bulk run: the reply carries the job at once; the runner picks the patients and works on after it.
  defineCall(app, deps, Patient.startPatientStatementRun, {
    handler: async (input, context) => {
      const started = await context.data.asActor(startPatientStatementRun)(input, dayOf(deps.now()));
      jobs.start(started.jobID);
      return started;
    },
  });
  defineCall(app, deps, Patient.patientStatementsFileDownload, {
    handler: async (input, context, _request, reply) =>
      sendPdf(reply, await context.data.run(statementRunFile)(input.runID)),
  });
  defineCall(app, deps, Patient.updatePatientCollections, {
    handler: (input, context) => context.data.run(updatePatientCollections)(input),
  });
  defineCall(app, deps, CustomPrint.getPrintPatientStatements, {
    handler: async (input, context, _request, reply) =>
      sendPdf(reply, await context.data.run(printStoredStatement)(input.id)),
  });
}
