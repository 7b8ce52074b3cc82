/**
 * refundAdvancePayment: gives the patient back what is left of an advance (all of it, or a given
 * amount no larger). The advance is locked first, like an application, so a refund and an
 * application racing for the same credit cannot both take it. Fully refunded means nothing is
 * left to apply, and the advance is closed as 'refunded'.
 */
import {
  ADVANCE_DOS_UPDATED,
  type AdvanceRefundedReply,
  type RefundAdvancePayment,
} from '../../../contract/advancePayments.ts';
import { formatCents } from '../../../contract/money.ts';
import type { Db } from '../../db/types.ts';
import { ConflictError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { todayOf } from '../claims/writeOff.ts';
import type { Actor } from '../context.ts';
import { lockAdvance, refuseClosedMonth, refuseFutureDate, writeCreditRows } from './advanceBooks.ts';

export async function refundAdvancePayment(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: RefundAdvancePayment,
  now: Date,
): Promise<AdvanceRefundedReply> {
  const postingDate = request.postingDate ?? todayOf(now);
  refuseFutureDate(postingDate, now, 'posting date');
  return db.transaction(async (tx) => {
    const { advance, figures } = await lockAdvance(tx, scope, request.advancePaymentID);
    if (advance.status !== 'active')
      throw new ConflictError(
        `Advance payment ${advance.advancePaymentID} is ${advance.status}; nothing was refunded.`,
      );
    const amount = request.amount ?? figures.unapplied;
    if (figures.unapplied === 0)
      throw new ConflictError(
        `Advance payment ${advance.advancePaymentID} has nothing left to refund (another biller may have just used it).`,
      );
    if (amount > figures.unapplied) {
      throw new ConflictError(
        `Advance payment ${advance.advancePaymentID} has ${formatCents(figures.unapplied)} left, less than the ${formatCents(amount)} asked (another biller may have just used it); nothing was refunded.`,
      );
    }
    await refuseClosedMonth(tx, advance, postingDate);
    const note = ['Refund', request.reference].filter(Boolean).join(' ');
    await writeCreditRows(
      tx,
      advance,
      [{ entryType: 'refund', amountCents: amount, reversesLedgerID: null, postingDate, note }],
      actor,
      now,
    );
    const unapplied = figures.unapplied - amount;
    const status = unapplied === 0 ? 'refunded' : 'active';
    if (status === 'refunded')
      await tx.query("UPDATE advance_payments SET status = 'refunded' WHERE advance_payment_id = $1", [
        advance.advancePaymentID,
      ]);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'advance.refund',
      recordType: 'patient',
      recordId: advance.patientID,
      source: actor.source,
      ip: actor.ip,
      detail: {
        advancePaymentID: advance.advancePaymentID,
        refundedCents: amount,
        unappliedCents: unapplied,
        postingDate,
      },
    });
    return { message: ADVANCE_DOS_UPDATED, refunded: amount, unapplied, status };
  });
}
