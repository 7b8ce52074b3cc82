/**
 * Patient/getPatientStatementsData: what each patient's statement says. Every figure comes from
 * the patient financials (getPatientFinancials and getPatientFinancialDetails, which fold the
 * ledger), so a statement cannot disagree with the patient's financial screen.
 */
import type { Address, PatientStatement, StoredStatement } from '../../../contract/patientStatements.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { paidAndAdjusted } from '../ledger/ledgerFigures.ts';
import { getPatientFinancialDetails, getPatientFinancials } from '../patientFinancials/patientFinancials.ts';

interface HeaderRow {
  accountNumber: string;
  inCollections: boolean;
  firstName: string;
  middleName: string | null;
  lastName: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  practiceName: string;
  practiceAddress1: string;
  practiceAddress2: string | null;
  practiceCity: string;
  practiceState: string;
  practiceZip: string;
  practicePhone: string | null;
  payToAddress1: string | null;
  payToAddress2: string | null;
  payToCity: string | null;
  payToState: string | null;
  payToZip: string | null;
}

/** The statements already stored for a patient, newest first. */
export async function storedStatements(q: Queryable, patientID: number): Promise<StoredStatement[]> {
  const rows = await q.query<{
    statementID: number;
    statementDate: string;
    amountDue: number;
    runID: number | null;
    createdAt: string;
  }>(
    `SELECT patient_statement_id AS "statementID", to_char(statement_date, 'YYYY-MM-DD') AS "statementDate",
            amount_due_cents AS "amountDue", run_id AS "runID",
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
       FROM patient_statements WHERE patient_id = $1
      ORDER BY statement_date DESC, patient_statement_id DESC`,
    [patientID],
  );
  return rows.map((row) => ({
    statementID: Number(row.statementID),
    statementDate: row.statementDate,
    amountDue: Number(row.amountDue),
    runID: row.runID === null ? null : Number(row.runID),
    createdAt: row.createdAt,
  }));
}

export async function patientStatement(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  patientID: number,
  statementDate: string,
): Promise<PatientStatement> {
  // Both reads refuse a patient outside the data role (Not Found) and audit the read.
  const financials = await getPatientFinancials(q, actor, scope, patientID, statementDate);
  const details = await getPatientFinancialDetails(q, actor, scope, patientID, statementDate);
  const [header] = await q.query<HeaderRow>(
    `SELECT p.account_number AS "accountNumber", p.in_collections AS "inCollections", p.first_name AS "firstName", p.middle_name AS "middleName",
            p.last_name AS "lastName", p.address1, p.address2, p.city, p.state, p.zip,
            pr.name AS "practiceName", pr.address1 AS "practiceAddress1", pr.address2 AS "practiceAddress2",
            pr.city AS "practiceCity", pr.state AS "practiceState", pr.zip AS "practiceZip", pr.phone AS "practicePhone",
            pr.pay_to_address1 AS "payToAddress1", pr.pay_to_address2 AS "payToAddress2", pr.pay_to_city AS "payToCity",
            pr.pay_to_state AS "payToState", pr.pay_to_zip AS "payToZip"
       FROM patients p JOIN practices pr ON pr.practice_id = p.practice_id
      WHERE p.patient_id = $1`,
    [patientID],
  );
  if (!header) throw new Error('The patient has no practice.');
  const practiceAddress: Address = {
    line1: header.practiceAddress1,
    line2: header.practiceAddress2,
    city: header.practiceCity,
    state: header.practiceState,
    zip: header.practiceZip,
  };
  const payTo: Address =
    header.payToAddress1 && header.payToCity && header.payToState && header.payToZip
      ? {
          line1: header.payToAddress1,
          line2: header.payToAddress2,
          city: header.payToCity,
          state: header.payToState,
          zip: header.payToZip,
        }
      : practiceAddress;
  const lines = details.claims
    .filter((claim) => claim.figures.patientResponsibility !== 0)
    .map((claim) => {
      const { adjusted } = paidAndAdjusted(claim.figures);
      return {
        claimID: claim.claimID,
        dateOfService: claim.dosFrom,
        description: claim.payerName ? `Visit, billed to ${claim.payerName}` : 'Visit, self-pay',
        charges: claim.figures.charges,
        insurancePaid: claim.figures.insurancePaid,
        adjustments: adjusted,
        patientPaid: claim.figures.patientPaid - claim.figures.refunds,
        patientBalance: claim.figures.patientResponsibility,
      };
    });
  const middle = header.middleName ? ` ${header.middleName}` : '';
  return {
    patientID,
    practice: { name: header.practiceName, address: practiceAddress, phone: header.practicePhone },
    payTo,
    statementDate,
    accountNumber: header.accountNumber,
    patientName: `${header.firstName}${middle} ${header.lastName}`,
    patientAddress: {
      line1: header.address1,
      line2: header.address2,
      city: header.city,
      state: header.state,
      zip: header.zip,
    },
    inCollections: header.inCollections,
    lines,
    patientBalanceDue: financials.patientBalanceDue,
    unappliedCredit: financials.unappliedCredit,
    amountDue: Math.max(0, financials.patientNet),
    aging: financials.patientAging,
    statements: await storedStatements(q, patientID),
  };
}

/** The statements of `patientIDs`, in the order given; one outside the data role makes the whole read Not Found. */
export async function patientStatements(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  patientIDs: readonly number[],
  statementDate: string,
): Promise<{ statements: PatientStatement[] }> {
  const statements: PatientStatement[] = [];
  for (const patientID of patientIDs)
    statements.push(await patientStatement(q, actor, scope, patientID, statementDate));
  return { statements };
}
