/**
 * applyAdvancePatientPayments: moves part of an advance payment's credit onto the patient's open
 * charges, in one transaction. The advance is locked first, then the claims in id order as every
 * writer of a claim's money does, so two billers applying the same advance cannot both spend it:
 * the second waits, reads what is left, and is refused with a conflict when it is not enough.
 * Each charge gets an advance_application row lowering its balance, posted through writePosting
 * like any payment; one patient-level row takes the same total off the advance's credit. Applied
 * to a claim rather than to lines, the amount (left out: what the claim owes, up to the credit
 * left) is spread over the claim's open lines in line order, each up to its balance.
 */
import {
  ADVANCE_PAYMENT_APPLIED,
  type AdvanceAppliedReply,
  type ApplyAdvancePayment,
} from '../../../contract/advancePayments.ts';
import { formatCents } from '../../../contract/money.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, ConflictError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { todayOf } from '../claims/writeOff.ts';
import { spreadOverClaim, type LineApplication } from '../claims/claimSpread.ts';
import { lockPatientLineBooks } from '../claims/patientLineBooks.ts';
import { claimAfterPatientMoney, postInAnOpenMonth, refuseClosedMonths } from '../ledger/claimBooks.ts';
import type { Actor } from '../context.ts';
import { writePosting } from '../ledger/writePosting.ts';
import type { PostingPlan } from '../era/postingPlan.ts';
import { lockAdvance, refuseClosedMonth, refuseFutureDate, writeCreditRows } from './advanceBooks.ts';

export async function applyAdvancePayment(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: ApplyAdvancePayment,
  now: Date,
): Promise<AdvanceAppliedReply> {
  const postingDate = request.postingDate ?? todayOf(now);
  refuseFutureDate(postingDate, now, 'posting date');
  const picked = request.applications;
  if (picked !== undefined && new Set(picked.map((application) => application.chargeID)).size !== picked.length)
    throw new BadRequestError('Each line is paid once in an application.');
  return db.transaction(async (tx) => {
    const { advance, figures } = await lockAdvance(tx, scope, request.advancePaymentID);
    if (advance.status !== 'active')
      throw new ConflictError(`Advance payment ${advance.advancePaymentID} is ${advance.status}; nothing was applied.`);
    const applications: LineApplication[] =
      picked ?? (await toClaim(tx, scope, advance.advancePaymentID, advance.patientID, figures.unapplied, request));
    const total = applications.reduce((sum, application) => sum + application.amount, 0);
    if (total > figures.unapplied) {
      throw new ConflictError(
        `Advance payment ${advance.advancePaymentID} has ${formatCents(figures.unapplied)} left to apply, less than the ${formatCents(total)} asked (another biller may have just used it); nothing was applied.`,
      );
    }
    const chargeIDs = applications.map((application) => application.chargeID);
    const { claimOf, claimIDs, books } = await lockPatientLineBooks(
      tx,
      scope.practiceIds,
      chargeIDs,
      advance.patientID,
      'Charges not found.',
    );
    const plan: PostingPlan = { rows: [], claims: [], warnings: [], errors: [] };
    for (const book of books.values()) {
      if (!book.agrees)
        throw new BadRequestError(
          `Claim ${book.claim.claimId}'s balance does not agree with its ledger, so nothing was applied. Ask support to check it.`,
        );
      let claimApplied = 0;
      for (const application of applications.filter((item) => claimOf.get(item.chargeID) === book.claim.claimId)) {
        const line = book.lines.find((candidate) => candidate.chargeId === application.chargeID);
        if (!line || line.chargeStatus === 'void' || line.chargeStatus === 'deleted')
          throw new BadRequestError(`Charge ${application.chargeID} is not an open line.`);
        if (application.amount > line.balanceCents)
          throw new BadRequestError(
            `Charge ${application.chargeID} owes ${formatCents(line.balanceCents)}; ${formatCents(application.amount)} would pay it past its balance.`,
          );
        claimApplied += application.amount;
        plan.rows.push({
          claimID: book.claim.claimId,
          chargeID: line.chargeId,
          eraLineID: null,
          entryType: 'advance_application',
          amountCents: -application.amount,
          group: null,
          reason: null,
          reversesLedgerID: null,
          note: `Advance payment ${advance.advancePaymentID}`,
        });
      }
      plan.claims.push(claimAfterPatientMoney(book.claim, book.claim.balanceCents - claimApplied));
    }
    await refuseClosedMonths(
      tx,
      [...books.values()].map((book) => book.claim),
      postingDate,
      () => postInAnOpenMonth(postingDate),
    );
    await refuseClosedMonth(tx, advance, postingDate);
    await writePosting(tx, plan, {
      eraCheckID: null,
      reference: `Advance payment ${advance.advancePaymentID}`,
      postingDate,
      actor,
      now,
      event: 'advance payment applied',
      advancePaymentID: advance.advancePaymentID,
    });
    await writeCreditRows(
      tx,
      advance,
      [
        {
          entryType: 'advance_application',
          amountCents: total,
          reversesLedgerID: null,
          postingDate,
          note: `Applied to ${plural(applications.length, 'line')}`,
        },
      ],
      actor,
      now,
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'advance.apply',
      recordType: 'patient',
      recordId: advance.patientID,
      source: actor.source,
      ip: actor.ip,
      detail: {
        advancePaymentID: advance.advancePaymentID,
        appliedCents: total,
        lines: applications.length,
        claims: claimIDs,
        postingDate,
      },
    });
    return {
      message: ADVANCE_PAYMENT_APPLIED,
      applied: total,
      unapplied: figures.unapplied - total,
      claims: plan.claims.length,
    };
  });
}

/** An application to a claim: the amount asked, or what the claim owes up to the credit left, over its open lines in line order. */
async function toClaim(
  tx: Queryable,
  scope: DataScope,
  advancePaymentID: number,
  patientID: number,
  unapplied: number,
  request: ApplyAdvancePayment,
): Promise<LineApplication[]> {
  const claimID = request.claimID ?? 0;
  if (request.amount === undefined && unapplied === 0)
    throw new ConflictError(`Advance payment ${advancePaymentID} has no credit left to apply; nothing was applied.`);
  return spreadOverClaim(tx, scope.practiceIds, {
    claimID,
    patientID,
    amount: (owed) => request.amount ?? Math.min(owed, unapplied),
    nothingDone: 'nothing was applied.',
  });
}

function plural(count: number, one: string): string {
  return count === 1 ? `1 ${one}` : `${count} ${one}s`;
}
