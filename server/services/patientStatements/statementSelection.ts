/**
 * Patient/getPatientStatementsIDS: who gets a statement. A patient in the data role is billed when
 * what they owe after their credit (the ledger's patientNet) reaches the minimum balance, they
 * were not billed in the last days chosen, and they are not in collections.
 */
import { STATEMENT_RULE_DEFAULTS, type StatementSelectionReply } from '../../../contract/patientStatements.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { patientClaimFigures } from '../patientFinancials/patientClaimFigures.ts';
import { addFigures } from '../ledger/ledgerFigures.ts';

export interface SelectionRules {
  minimumBalance?: number | undefined;
  daysSinceLastStatement?: number | undefined;
}

interface Candidate {
  patientID: number;
  accountNumber: string;
  firstName: string;
  lastName: string;
  lastStatementDate: string | null;
}

/** The day `days` before `today` (YYYY-MM-DD). */
function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** What the patient is asked to pay: their share on their claims less their unapplied credit. */
export async function patientAmountDue(
  q: ReadAuditDb,
  patientID: number,
  practiceIds: readonly number[],
): Promise<number> {
  const figures = await patientClaimFigures(q, patientID, practiceIds);
  return addFigures(figures.claims.values()).patientResponsibility + figures.own.balance;
}

export async function selectStatementPatients(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  rules: SelectionRules,
  today: string,
): Promise<StatementSelectionReply> {
  const minimumBalance = rules.minimumBalance ?? STATEMENT_RULE_DEFAULTS.minimumBalance;
  const daysSinceLastStatement = rules.daysSinceLastStatement ?? STATEMENT_RULE_DEFAULTS.daysSinceLastStatement;
  const billedSince = daysBefore(today, daysSinceLastStatement);
  // Only patients with a claim that passes money to them can owe anything: a self-pay claim or a patient share.
  const candidates = await q.query<Candidate>(
    `SELECT p.patient_id AS "patientID", p.account_number AS "accountNumber", p.first_name AS "firstName",
            p.last_name AS "lastName", to_char(s.last_date, 'YYYY-MM-DD') AS "lastStatementDate"
       FROM patients p
       LEFT JOIN (SELECT patient_id, max(statement_date) AS last_date FROM patient_statements GROUP BY patient_id) s
         ON s.patient_id = p.patient_id
      WHERE p.practice_id = ANY($1::bigint[]) AND NOT p.in_collections
        AND (s.last_date IS NULL OR s.last_date <= $2::date)
        AND EXISTS (SELECT 1 FROM claims c
                     WHERE c.patient_id = p.patient_id AND c.practice_id = ANY($1::bigint[])
                       AND (c.insurance_id IS NULL OR EXISTS (
                            SELECT 1 FROM ledger_entries l
                             WHERE l.claim_id = c.claim_id AND l.entry_type = 'patient_responsibility')))
      ORDER BY p.last_name, p.first_name, p.patient_id`,
    [scope.practiceIds, billedSince],
  );
  const patients: StatementSelectionReply['patients'] = [];
  for (const candidate of candidates) {
    const patientID = Number(candidate.patientID);
    const amountDue = await patientAmountDue(q, patientID, scope.practiceIds);
    if (amountDue <= 0 || amountDue < minimumBalance) continue;
    patients.push({
      patientID,
      accountNumber: candidate.accountNumber,
      patientName: `${candidate.lastName}, ${candidate.firstName}`,
      amountDue,
      lastStatementDate: candidate.lastStatementDate,
    });
  }
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'patient.statement_selection',
    recordType: 'patient',
    source: actor.source,
    ip: actor.ip,
    detail: { minimumBalance, daysSinceLastStatement, patientIDs: patients.map((patient) => patient.patientID) },
  });
  return { minimumBalance, daysSinceLastStatement, patients };
}
