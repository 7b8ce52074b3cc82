/**
 * The demo's advance payments, per group: one still held as the patient's credit, one partly
 * applied to a line of the patient's claim, one refunded. Written through the advance payment
 * services, so the credit rows and the applied ledger rows are what a biller's would be.
 */
import type { Db, Queryable } from '../db/types.ts';
import { addAdvancePayment } from '../services/advancePayments/addAdvancePayment.ts';
import { applyAdvancePayment } from '../services/advancePayments/applyAdvancePayment.ts';
import { refundAdvancePayment } from '../services/advancePayments/refundAdvancePayment.ts';
import type { DemoDesk } from './demoDesk.ts';

/** What the partly applied deposit puts on the line, at most: the rest stays as credit. */
const APPLIED_CENTS = 6_000;

interface OwingLine {
  patientID: number;
  chargeID: number;
  balanceCents: number;
}

/**
 * Three patients of the group with the line owing most on their oldest open claim; the first one
 * owing at least what the applied deposit puts on it, so the credit visibly pays part of a line.
 */
async function patients(q: Queryable, groupID: number, busy: readonly number[]): Promise<OwingLine[]> {
  return q.query<OwingLine>(
    `SELECT * FROM (
       SELECT DISTINCT ON (c.patient_id) c.patient_id AS "patientID", ch.charge_id AS "chargeID", ch.balance_cents AS "balanceCents"
         FROM claims c JOIN charges ch ON ch.claim_id = c.claim_id AND ch.charge_status IN ('active', 'hold') AND ch.balance_cents > 0
        WHERE c.group_id = $1 AND c.patient_id <> ALL($2::bigint[])
          -- Lines no demo payment touched yet: the patient's credit is the only money on them.
          AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.claim_id = c.claim_id AND l.payment_batch_id IS NOT NULL)
        ORDER BY c.patient_id, c.claim_id, ch.balance_cents DESC, ch.charge_id
     ) owing
     ORDER BY "balanceCents" >= ${APPLIED_CENTS} DESC, "patientID"
     LIMIT 3`,
    [groupID, busy],
  );
}

export async function seedGroupAdvances(db: Db, desk: DemoDesk, groupID: number): Promise<void> {
  const [applied, held, refunded] = await patients(db, groupID, desk.busyPatients);
  if (applied) {
    const { advancePaymentID } = await addAdvancePayment(
      db,
      desk.actor,
      desk.scope,
      {
        patientID: applied.patientID,
        amount: 10_000,
        method: 'card',
        reference: 'Check-in deposit',
        receivedOn: desk.daysAgo(20),
      },
      desk.now,
    );
    const amount = Math.min(applied.balanceCents, APPLIED_CENTS);
    await applyAdvancePayment(
      db,
      desk.actor,
      desk.scope,
      { advancePaymentID, postingDate: desk.daysAgo(6), applications: [{ chargeID: applied.chargeID, amount }] },
      desk.now,
    );
  }
  if (held) {
    await addAdvancePayment(
      db,
      desk.actor,
      desk.scope,
      {
        patientID: held.patientID,
        amount: 7_500,
        method: 'cash',
        reference: 'DESK',
        receivedOn: desk.daysAgo(3),
        dateOfService: desk.daysAgo(-7),
      },
      desk.now,
    );
  }
  if (refunded) {
    const { advancePaymentID } = await addAdvancePayment(
      db,
      desk.actor,
      desk.scope,
      {
        patientID: refunded.patientID,
        amount: 5_000,
        method: 'check',
        reference: '3318',
        receivedOn: desk.daysAgo(30),
      },
      desk.now,
    );
    await refundAdvancePayment(
      db,
      desk.actor,
      desk.scope,
      { advancePaymentID, postingDate: desk.daysAgo(8), reference: 'Visit cancelled' },
      desk.now,
    );
  }
}
