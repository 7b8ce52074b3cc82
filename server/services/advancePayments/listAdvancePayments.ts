/**
 * Reading advance payments: a patient's list with each one's applied, refunded and unapplied
 * figures (getPatientAdvancePayments), the patient's unapplied credit in one figure
 * (getPatientUnappliedAdvancePayment), and the advances a claim can still draw on
 * (getClaimAdvancePayments). A patient or claim outside the data role is Not Found.
 */
import type {
  ClaimAdvancePaymentsReply,
  PatientAdvancePaymentsReply,
  UnappliedAdvanceReply,
} from '../../../contract/advancePayments.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { ADVANCE_FIGURE_SQL } from '../ledger/ledgerFigures.ts';
import { patientInScope } from '../patients/patientInfo.ts';
import { advanceRows } from './advanceBooks.ts';

export async function patientAdvancePayments(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  patientID: number,
): Promise<PatientAdvancePaymentsReply> {
  await patientInScope(q, patientID, scope);
  const rows = await advanceRows(q, scope, { patientID });
  await writeAudit(q, {
    userId: actor.userId,
    action: 'advance.read',
    recordType: 'patient',
    recordId: patientID,
    source: actor.source,
    ip: actor.ip,
    detail: { returned: rows.length },
  });
  return { patientID, rows };
}

export async function patientUnappliedAdvance(
  q: Queryable,
  scope: DataScope,
  patientID: number,
): Promise<UnappliedAdvanceReply> {
  await patientInScope(q, patientID, scope);
  const [credit] = await q.query<{ unapplied: number }>(
    `SELECT ${ADVANCE_FIGURE_SQL.unapplied} AS unapplied
       FROM ledger_entries l JOIN advance_payments a ON a.advance_payment_id = l.advance_payment_id
      WHERE a.patient_id = $1`,
    [patientID],
  );
  return { patientID, unapplied: credit?.unapplied ?? 0 };
}

export async function claimAdvancePayments(
  q: Queryable,
  scope: DataScope,
  claimID: number,
): Promise<ClaimAdvancePaymentsReply> {
  const [claim] = await q.query<{ patientID: number }>(
    'SELECT patient_id AS "patientID" FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])',
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError('Claim not found.');
  const rows = await advanceRows(q, scope, { patientID: claim.patientID });
  return {
    claimID,
    patientID: claim.patientID,
    rows: rows.filter((row) => row.status === 'active' && row.unapplied > 0),
  };
}
