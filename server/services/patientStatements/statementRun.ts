/**
 * Patient/patientStatementsFileDownload: a print run. The patients are the ones given, or those
 * the selection rules pick; each gets a statement read from the ledger, stored with its PDF, and
 * the run stores the one file of all of them, which is what the biller downloads and prints. The
 * reads come first; every row is then written in one transaction.
 */
import type { PatientStatement, StatementRunRequest } from '../../../contract/patientStatements.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { patientStatementsPdf } from '../../print/patientStatementPdf.ts';
import type { DataScope } from '../access/dataScope.ts';
import { auditChange } from '../audit/auditChange.ts';
import { writeReadAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { patientStatements } from './statementData.ts';
import { selectStatementPatients } from './statementSelection.ts';

export const NO_ONE_TO_BILL = 'No patient owes enough to be billed by these rules.';

export interface StatementRun {
  runID: number;
  statementIDs: number[];
  fileName: string;
  bytes: Uint8Array;
}

export async function runPatientStatements(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: StatementRunRequest,
  today: string,
): Promise<StatementRun> {
  if (request.patientIDs && (request.minimumBalance !== undefined || request.daysSinceLastStatement !== undefined))
    throw new BadRequestError('Give either the patients or the selection rules, not both.');
  const patientIDs =
    request.patientIDs ??
    (await selectStatementPatients(db, actor, scope, request, today)).patients.map((patient) => patient.patientID);
  if (patientIDs.length === 0) throw new BadRequestError(NO_ONE_TO_BILL);
  const { statements } = await patientStatements(db, actor, scope, [...new Set(patientIDs)], today);
  const combined = patientStatementsPdf(statements);
  const pdfs = new Map(statements.map((statement) => [statement.patientID, patientStatementsPdf([statement])]));
  return db.transaction(async (tx) => {
    const [run] = await tx.query<{ id: number }>(
      `INSERT INTO patient_statement_runs (statement_date, statements, combined_pdf, created_by)
       VALUES ($1, $2, $3, $4) RETURNING patient_statement_run_id AS id`,
      [today, statements.length, combined, actor.userId],
    );
    if (!run) throw new Error('The statement run was not stored.');
    const runID = Number(run.id);
    const statementIDs: number[] = [];
    for (const statement of statements) statementIDs.push(await storeStatement(tx, actor, runID, statement, pdfs));
    await auditChange(tx, actor, 'patientStatementRun.create', { type: 'patient_statement_run', id: runID }, null, {
      statementDate: today,
      patientIDs: statements.map((statement) => statement.patientID),
      statementIDs,
    });
    return { runID, statementIDs, fileName: `patient-statements-${today}-${runID}.pdf`, bytes: combined };
  });
}

async function storeStatement(
  tx: Transaction,
  actor: Actor,
  runID: number,
  statement: PatientStatement,
  pdfs: ReadonlyMap<number, Uint8Array>,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO patient_statements (patient_id, practice_id, statement_date, amount_due_cents, aging, run_id, pdf, created_by)
     SELECT p.patient_id, p.practice_id, $2, $3, $4::jsonb, $5, $6, $7 FROM patients p WHERE p.patient_id = $1
     RETURNING patient_statement_id AS id`,
    [
      statement.patientID,
      statement.statementDate,
      statement.amountDue,
      JSON.stringify(statement.aging),
      runID,
      pdfs.get(statement.patientID),
      actor.userId,
    ],
  );
  if (!row) throw new Error('The statement was not stored.');
  const id = Number(row.id);
  await auditChange(tx, actor, 'patientStatement.create', { type: 'patient_statement', id }, null, {
    patientID: statement.patientID,
    statementDate: statement.statementDate,
    amountDue: statement.amountDue,
    runID,
  });
  return id;
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
