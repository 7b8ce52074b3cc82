/**
 * What every advance-payment call shares: the credit of an advance read back from its ledger rows,
 * the row lock that makes a second biller wait, and the patient-level ledger row (no claim, no
 * charge) that moves the credit.
 *
 * An advance's rows without a charge hold its credit: the deposit (negative, money in), the
 * credit moved to charges when applied (positive), refunds (positive) and reversals. So the
 * unapplied remainder is minus their sum, and a patient's ledger balance shows the credit too.
 * Applications also write a negative row on each charge, which lowers the charge's balance.
 */
import type { AdvancePaymentRow, AdvancePaymentStatus } from '../../../contract/advancePayments.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { todayOf } from '../claims/writeOff.ts';
import { monthName, monthStart } from '../ledger/claimBooks.ts';
import type { Actor } from '../context.ts';
import { ADVANCE_FIGURE_SQL } from '../ledger/ledgerFigures.ts';

export interface LockedAdvance {
  advancePaymentID: number;
  patientID: number;
  groupID: number;
  practiceID: number;
  status: AdvancePaymentStatus;
}

/** Advance payments with their figures, limited to patients of practices in the data role. */
export async function advanceRows(
  q: Queryable,
  scope: DataScope,
  by: { patientID: number } | { advancePaymentID: number },
): Promise<AdvancePaymentRow[]> {
  const [column, value] =
    'patientID' in by ? ['a.patient_id', by.patientID] : ['a.advance_payment_id', by.advancePaymentID];
  return q.query<AdvancePaymentRow>(
    `SELECT a.advance_payment_id AS "advancePaymentID", a.patient_id AS "patientID", a.amount_cents AS "amount",
            ${ADVANCE_FIGURE_SQL.applied} AS "applied",
            ${ADVANCE_FIGURE_SQL.refunded} AS "refunded",
            ${ADVANCE_FIGURE_SQL.unapplied} AS "unapplied",
            a.status, a.payment_method AS "method", a.reference, a.received_on::text AS "receivedOn", a.date_of_service::text AS "dateOfService"
       FROM advance_payments a
       JOIN patients p ON p.patient_id = a.patient_id
       LEFT JOIN ledger_entries l ON l.advance_payment_id = a.advance_payment_id
      WHERE ${column} = $1 AND p.practice_id = ANY($2::bigint[])
      GROUP BY a.advance_payment_id
      ORDER BY a.received_on DESC, a.advance_payment_id DESC`,
    [value, scope.practiceIds],
  );
}

/**
 * Takes the advance payment's row for the rest of the transaction, then reads its figures: a
 * second biller applying or refunding the same advance waits here and reads what the first left.
 */
export async function lockAdvance(
  q: Queryable,
  scope: DataScope,
  advancePaymentID: number,
): Promise<{ advance: LockedAdvance; figures: AdvancePaymentRow }> {
  const [advance] = await q.query<LockedAdvance>(
    `SELECT a.advance_payment_id AS "advancePaymentID", a.patient_id AS "patientID", a.group_id AS "groupID", p.practice_id AS "practiceID", a.status
       FROM advance_payments a JOIN patients p ON p.patient_id = a.patient_id
      WHERE a.advance_payment_id = $1 AND p.practice_id = ANY($2::bigint[])
        FOR UPDATE OF a`,
    [advancePaymentID, scope.practiceIds],
  );
  if (!advance) throw new NotFoundError('Advance payment not found.');
  const [figures] = await advanceRows(q, scope, { advancePaymentID });
  if (!figures) throw new NotFoundError('Advance payment not found.');
  return { advance, figures };
}

export function refuseFutureDate(day: string, now: Date, what: string): void {
  if (day > todayOf(now)) throw new BadRequestError(`The ${what} ${day} is in the future.`);
}

/** Month-end locks are per group and practice; the patient's practice carries the credit rows. */
export async function refuseClosedMonth(
  q: Queryable,
  where: { groupID: number; practiceID: number },
  day: string,
): Promise<void> {
  const [locked] = await q.query(
    'SELECT 1 FROM month_end_locks WHERE group_id = $1 AND practice_id = $2 AND month_start = $3::date',
    [where.groupID, where.practiceID, monthStart(day)],
  );
  if (locked)
    throw new BadRequestError(`${monthName(day)} is closed (month-end lock); post with a date in an open month.`);
}

export interface CreditRow {
  entryType: 'advance_payment' | 'advance_application' | 'refund' | 'reversal';
  amountCents: number;
  reversesLedgerID: number | null;
  postingDate: string;
  note: string | null;
}

/** Writes rows on the patient (no claim, no charge) that move the advance's credit. */
export async function writeCreditRows(
  q: Queryable,
  advance: LockedAdvance,
  rows: readonly CreditRow[],
  actor: Actor,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO ledger_entries (group_id, practice_id, patient_id, advance_payment_id, entry_type, amount_cents, reverses_ledger_id, posting_date, note, created_by, created_at)
     SELECT $1, $2, $3, $4, d.entry_type, d.amount, d.reverses, d.posting_date, d.note, $10, $11
       FROM unnest($5::text[], $6::bigint[], $7::bigint[], $8::date[], $9::text[]) WITH ORDINALITY AS d (entry_type, amount, reverses, posting_date, note, position)
      ORDER BY d.position`,
    [
      advance.groupID,
      advance.practiceID,
      advance.patientID,
      advance.advancePaymentID,
      rows.map((row) => row.entryType),
      rows.map((row) => row.amountCents),
      rows.map((row) => row.reversesLedgerID),
      rows.map((row) => row.postingDate),
      rows.map((row) => row.note),
      actor.userId,
      now,
    ],
  );
}
