/**
 * Patient statement print runs, as bulk jobs. Patient/startPatientStatementRun records the run and
 * queues its job; the runner then picks the patients by the rules under the data role (or takes the
 * ones named), walks them in chunks, and each chunk stores its patients' statements (figures from
 * the ledger, one PDF each) in its own transaction. When the run ends the combined file of every
 * statement it stored is drawn from what was stored and kept on the run;
 * Patient/patientStatementsFileDownload gives it.
 */
import {
  STATEMENT_RULE_DEFAULTS,
  type PatientStatement,
  type StatementRunRequest,
} from '../../../contract/patientStatements.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { patientStatementsPdf } from '../../print/patientStatementPdf.ts';
import type { DataScope } from '../access/dataScope.ts';
import { auditChange } from '../audit/auditChange.ts';
import { writeReadAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { createJob } from '../jobs/jobStore.ts';
import type { ChunkPatient, JobRecord, PatientChunkFailure, PatientJobHandler } from '../jobs/jobTypes.ts';
import { patientStatement } from './statementData.ts';
import { selectStatementPatients, type SelectionRules } from './statementSelection.ts';

export const NO_ONE_TO_BILL = 'No patient owes enough to be billed by these rules.';
export const RUN_ENDED_WITHOUT_FILE =
  "The run stopped before its file was written: print its statements again from each patient's screen.";
export const RUN_STILL_GOING = 'The statement run is still going: its file is written when its last patients are done.';
export const IN_COLLECTIONS_REASON = 'In collections.';
export const OWES_LESS_REASON = 'Owes less than the minimum now.';

/** What the job carries from the request that started it. */
interface StatementRunParams {
  runId: number;
  statementDate: string;
  rules: SelectionRules | null;
  ip: string;
}

function runParams(job: JobRecord): StatementRunParams {
  const { runId, statementDate, rules, ip } = job.params;
  if (typeof runId !== 'number' || typeof statementDate !== 'string')
    throw new Error(`Job ${job.jobId} has no statement run.`);
  return {
    runId,
    statementDate,
    rules: rules !== null && typeof rules === 'object' ? rules : null,
    ip: typeof ip === 'string' ? ip : '',
  };
}

/** The user who started the run, as the reads and audit rows of its chunks name them. */
function actorOfJob(job: JobRecord, ip: string): Actor {
  return {
    userId: job.userId,
    sessionId: 0,
    loginAuditId: 0,
    roleId: 0,
    dataRoleId: 0,
    modules: new Set(),
    mustChangePassword: false,
    ip,
    source: job.source,
  };
}

/** Records the run and queues its job, in one transaction; the caller hands the job to the runner. */
export async function startPatientStatementRun(
  db: Db,
  actor: Actor,
  request: StatementRunRequest,
  today: string,
): Promise<{ jobID: number; runID: number }> {
  if (request.patientIDs && (request.minimumBalance !== undefined || request.daysSinceLastStatement !== undefined))
    throw new BadRequestError('Give either the patients or the selection rules, not both.');
  const patientIds = request.patientIDs ? [...new Set(request.patientIDs)].sort((a, b) => a - b) : null;
  const rules: SelectionRules | null = patientIds
    ? null
    : {
        ...(request.minimumBalance === undefined ? {} : { minimumBalance: request.minimumBalance }),
        ...(request.daysSinceLastStatement === undefined
          ? {}
          : { daysSinceLastStatement: request.daysSinceLastStatement }),
      };
  return db.transaction(async (tx) => {
    const jobID = await createJob(tx, {
      userId: actor.userId,
      kind: 'patient_statements',
      title: `Patient statements (${today})`,
      source: actor.source,
      claimIds: null,
      query: null,
      patientIds,
      params: { statementDate: today, rules, ip: actor.ip },
    });
    const [run] = await tx.query<{ id: number }>(
      `INSERT INTO patient_statement_runs (statement_date, statements, created_by, job_id)
       VALUES ($1, 0, $2, $3) RETURNING patient_statement_run_id AS id`,
      [today, actor.userId, jobID],
    );
    if (!run) throw new Error('The statement run was not stored.');
    const runID = Number(run.id);
    await tx.query(
      `UPDATE bulk_jobs SET params = params || jsonb_build_object('runId', $2::bigint) WHERE job_id = $1`,
      [jobID, runID],
    );
    await auditChange(tx, actor, 'patientStatementRun.create', { type: 'patient_statement_run', id: runID }, null, {
      statementDate: today,
      jobID,
      ...(patientIds ? { patientIDs: patientIds } : { rules }),
    });
    return { jobID, runID };
  });
}

interface ReadyStatement {
  statement: PatientStatement;
  pdf: Uint8Array;
}

async function storeStatement(
  tx: Transaction,
  actor: Actor,
  runID: number,
  { statement, pdf }: ReadyStatement,
): Promise<void> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO patient_statements (patient_id, practice_id, statement_date, amount_due_cents, aging, run_id, pdf, created_by, statement)
     SELECT p.patient_id, p.practice_id, $2, $3, $4::jsonb, $5, $6, $7, $8::jsonb FROM patients p WHERE p.patient_id = $1
     RETURNING patient_statement_id AS id`,
    [
      statement.patientID,
      statement.statementDate,
      statement.amountDue,
      JSON.stringify(statement.aging),
      runID,
      pdf,
      actor.userId,
      JSON.stringify(statement),
    ],
  );
  if (!row) throw new Error('The statement was not stored.');
  await auditChange(tx, actor, 'patientStatement.create', { type: 'patient_statement', id: Number(row.id) }, null, {
    patientID: statement.patientID,
    statementDate: statement.statementDate,
    amountDue: statement.amountDue,
    runID,
  });
}

/** The run's one file: every statement it stored, in the order stored; null when it stored none. */
async function writeCombinedFile(tx: Transaction, runID: number, now: Date): Promise<void> {
  const rows = await tx.query<{ statement: PatientStatement | string }>(
    'SELECT statement FROM patient_statements WHERE run_id = $1 ORDER BY patient_statement_id',
    [runID],
  );
  const statements = rows.map((row) =>
    typeof row.statement === 'string' ? (JSON.parse(row.statement) as PatientStatement) : row.statement,
  );
  await tx.query(
    `UPDATE patient_statement_runs SET combined_pdf = $2, statements = $3, finished_at = $4
      WHERE patient_statement_run_id = $1`,
    [runID, statements.length > 0 ? patientStatementsPdf(statements) : null, statements.length, now],
  );
}

export const patientStatementsHandler: PatientJobHandler = {
  kind: 'patient_statements',
  walks: 'patients',

  async selectPatients(db, job, scope) {
    const { statementDate, rules, ip } = runParams(job);
    const picked = await selectStatementPatients(db, actorOfJob(job, ip), scope, rules ?? {}, statementDate);
    return picked.patients.map((patient) => patient.patientID);
  },

  async readChunk(db: Db, job: JobRecord, patients: readonly ChunkPatient[], scope: DataScope) {
    const { runId, statementDate, rules, ip } = runParams(job);
    const actor = actorOfJob(job, ip);
    const skipped: PatientChunkFailure[] = [];
    const ready: ReadyStatement[] = [];
    for (const patient of patients) {
      // Sent to collections, or paid down, since the run picked them.
      if (patient.inCollections) {
        skipped.push({ patientId: patient.patientId, reason: IN_COLLECTIONS_REASON });
        continue;
      }
      const statement = await patientStatement(db, actor, scope, patient.patientId, statementDate);
      if (
        rules !== null &&
        (statement.amountDue <= 0 ||
          statement.amountDue < (rules.minimumBalance ?? STATEMENT_RULE_DEFAULTS.minimumBalance))
      ) {
        skipped.push({ patientId: patient.patientId, reason: OWES_LESS_REASON });
        continue;
      }
      ready.push({ statement, pdf: patientStatementsPdf([statement]) });
    }
    return async (tx: Transaction) => {
      for (const each of ready) await storeStatement(tx, actor, runId, each);
      return skipped;
    };
  },

  async complete(tx, job, now) {
    await writeCombinedFile(tx, runParams(job).runId, now);
  },
};

/** Patient/patientStatementsFileDownload: a finished run's one file; Not Found when a statement of it lies outside the data role. */
export async function statementRunFile(
  db: Db,
  actor: Actor,
  scope: DataScope,
  runID: number,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const [run] = await db.query<{
    statementDate: string;
    pdf: Uint8Array | null;
    finished: boolean;
    stopped: boolean;
    statements: number;
  }>(
    `SELECT to_char(r.statement_date, 'YYYY-MM-DD') AS "statementDate", r.combined_pdf AS pdf,
            r.finished_at IS NOT NULL OR r.job_id IS NULL AS finished, r.statements,
            -- Cancelled before it began, or stopped on an error: it ends without a file.
            EXISTS (SELECT 1 FROM bulk_jobs j WHERE j.job_id = r.job_id AND j.status IN ('cancelled', 'failed')) AS stopped
       FROM patient_statement_runs r
      WHERE r.patient_statement_run_id = $1
        AND (r.created_by = $3 OR EXISTS (SELECT 1 FROM patient_statements s WHERE s.run_id = r.patient_statement_run_id))
        AND NOT EXISTS (SELECT 1 FROM patient_statements s
                         WHERE s.run_id = r.patient_statement_run_id AND NOT s.practice_id = ANY($2::bigint[]))`,
    [runID, scope.practiceIds, actor.userId],
  );
  if (!run) throw new NotFoundError();
  if (!run.finished) throw new BadRequestError(run.stopped ? RUN_ENDED_WITHOUT_FILE : RUN_STILL_GOING);
  if (run.pdf === null) throw new BadRequestError(NO_ONE_TO_BILL);
  await writeReadAudit(db, {
    userId: actor.userId,
    action: 'patient.statement_run_print',
    recordType: 'patient_statement_run',
    recordId: runID,
    source: actor.source,
    ip: actor.ip,
    detail: { statements: Number(run.statements) },
  });
  return { fileName: `patient-statements-${run.statementDate}-${runID}.pdf`, bytes: new Uint8Array(run.pdf) };
}

/** CustomPrint/getPrintPatientStatements: a stored statement's PDF, again; Not Found outside the data role. */
export async function printStoredStatement(
  db: Db,
  actor: Actor,
  scope: DataScope,
  statementID: number,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const [row] = await db.query<{ patientID: number; statementDate: string; pdf: Uint8Array }>(
    `SELECT patient_id AS "patientID", to_char(statement_date, 'YYYY-MM-DD') AS "statementDate", pdf
       FROM patient_statements WHERE patient_statement_id = $1 AND practice_id = ANY($2::bigint[])`,
    [statementID, scope.practiceIds],
  );
  if (!row) throw new NotFoundError();
  await writeReadAudit(db, {
    userId: actor.userId,
    action: 'patient.statement_print',
    recordType: 'patient_statement',
    recordId: statementID,
    source: actor.source,
    ip: actor.ip,
    detail: { patientID: Number(row.patientID) },
  });
  return { fileName: `patient-statement-${row.statementDate}-${statementID}.pdf`, bytes: new Uint8Array(row.pdf) };
}
