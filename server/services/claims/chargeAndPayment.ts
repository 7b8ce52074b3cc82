/**
 * AddEditClaim/saveClaimChargeAndPayment: a new charge line and what the patient paid on it at
 * the desk (a copay), in one transaction. The line goes in through saveCharge's steps
 * (`addChargeTo`: its 'charge' ledger row, the claim's total and balance, not scrubbed again, the
 * DNA event, the audit row) and the payment through savePatientPayments' (`postPatientPaymentIn`:
 * one patient_payment row on the line through the one posting writer, the balances, the month-end
 * lock, the audit row). A payment the rules refuse (more than the line's charge, a closed month,
 * a day after today) leaves no charge either.
 */
import {
  CHARGE_AND_PAYMENT_SAVED,
  type SaveChargeAndPaymentReply,
  type saveChargeAndPaymentRequestSchema,
} from '../../../contract/claimSideCalls.ts';
import { formatCents } from '../../../contract/money.ts';
import type { z } from 'zod';
import type { Db } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { Actor } from '../context.ts';
import { postPatientPaymentIn } from '../era/patientPayment.ts';
import { futurePostingDate } from '../lookups/postingDateCheck.ts';
import { addChargeTo } from './addCharge.ts';
import { lockEditableClaim } from './claimEditing.ts';
import { todayOf } from './writeOff.ts';

type Request = z.output<typeof saveChargeAndPaymentRequestSchema>;

export async function saveChargeAndPayment(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: Request,
  now: Date,
): Promise<SaveChargeAndPaymentReply> {
  const postingDate = request.payment.postingDate ?? todayOf(now);
  const future = futurePostingDate(postingDate, now);
  if (future) throw new BadRequestError(future);
  return db.transaction(async (tx) => {
    const claim = await lockEditableClaim(tx, scope, request.charge.claimID);
    const saved = await addChargeTo(tx, actor, claim, request.charge, now);
    if (request.payment.amount > saved.chargeCents)
      throw new BadRequestError(
        `The line is charged ${formatCents(saved.chargeCents)}; a payment of ${formatCents(request.payment.amount)} would pay it past its charge, so nothing was saved. Keep the rest as an advance payment.`,
      );
    await postPatientPaymentIn(
      tx,
      actor,
      scope,
      {
        patientID: claim.patientID,
        method: request.payment.method,
        ...(request.payment.reference ? { reference: request.payment.reference } : {}),
        applications: [{ chargeID: saved.chargeID, amount: request.payment.amount }],
      },
      postingDate,
      now,
    );
    const [line] = await tx.query<{ balance: number }>(
      'SELECT balance_cents AS balance FROM charges WHERE charge_id = $1',
      [saved.chargeID],
    );
    return {
      message: CHARGE_AND_PAYMENT_SAVED,
      claimID: saved.claimID,
      chargeID: saved.chargeID,
      lineNumber: saved.lineNumber,
      chargeCents: saved.chargeCents,
      paidCents: request.payment.amount,
      lineBalance: Number(line?.balance ?? 0),
    };
  });
}
