/**
 * reverseAdvancePayment: takes back an advance entered in error or whose money never arrived (a
 * bounced check). Its applications are taken back with it, in the same transaction: the charges
 * it paid owe again, because the money that paid them is gone. Leaving them paid would need the
 * biller to find and undo each application first, and a half-reversed advance could leave
 * charges paid by money the practice does not hold. Every row is negated by a reversal row linked
 * through reverses_ledger_id; nothing is edited or deleted.
 *
 * An advance with a refund is refused: that money went back to the patient, so reversing the
 * deposit whole would take it out twice.
 */
import {
  ADVANCE_PAYMENT_REVERSED,
  type AdvanceReversedReply,
  type ReverseAdvancePayment,
} from '../../../contract/advancePayments.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { formatCents } from '../../../contract/money.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, ConflictError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { lockClaimBooks, monthName, refuseClosedMonths } from '../ledger/claimBooks.ts';
import type { Actor } from '../context.ts';
import { writePosting } from '../ledger/writePosting.ts';
import type { PostingPlan } from '../era/postingPlan.ts';
import { lockAdvance, refuseClosedMonth, refuseFutureDate, writeCreditRows, type CreditRow } from './advanceBooks.ts';

interface StandingRow {
  ledgerID: number;
  claimID: number | null;
  chargeID: number | null;
  amountCents: number;
}

/** The advance's rows that no reversal has negated yet. */
async function standingRows(q: Queryable, advancePaymentID: number): Promise<StandingRow[]> {
  return q.query<StandingRow>(
    `SELECT l.ledger_id AS "ledgerID", l.claim_id AS "claimID", l.charge_id AS "chargeID", l.amount_cents AS "amountCents"
       FROM ledger_entries l
      WHERE l.advance_payment_id = $1 AND l.entry_type IN ('advance_payment', 'advance_application')
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
      ORDER BY l.ledger_id`,
    [advancePaymentID],
  );
}

export async function reverseAdvancePayment(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: ReverseAdvancePayment,
  now: Date,
): Promise<AdvanceReversedReply> {
  const { postingDate } = request;
  refuseFutureDate(postingDate, now, 'posting date');
  return db.transaction(async (tx) => {
    const { advance, figures } = await lockAdvance(tx, scope, request.advancePaymentID);
    if (advance.status !== 'active')
      throw new ConflictError(
        `Advance payment ${advance.advancePaymentID} is already ${advance.status}; nothing was reversed.`,
      );
    if (figures.refunded > 0)
      throw new ConflictError(
        `${formatCents(figures.refunded)} of advance payment ${advance.advancePaymentID} was refunded to the patient, so it cannot be reversed.`,
      );
    await refuseClosedMonth(tx, advance, postingDate);
    const standing = await standingRows(tx, advance.advancePaymentID);
    const onCharges = standing.filter(
      (row): row is StandingRow & { claimID: number; chargeID: number } =>
        row.chargeID !== null && row.claimID !== null,
    );
    const claimIDs = [...new Set(onCharges.map((row) => row.claimID))].sort((left, right) => left - right);
    const books = await lockClaimBooks(tx, claimIDs, scope.practiceIds);
    const outside = claimIDs.filter((claimID) => !books.has(claimID));
    if (outside.length > 0)
      throw new BadRequestError(
        `Advance payment ${advance.advancePaymentID} paid claims outside your data role (${outside.join(', ')}), so it was not reversed.`,
      );
    const plan: PostingPlan = { rows: [], claims: [], warnings: [], errors: [] };
    for (const book of books.values()) {
      if (!book.agrees)
        throw new BadRequestError(
          `Claim ${book.claim.claimId}'s balance does not agree with its ledger, so nothing was reversed. Ask support to check it.`,
        );
      const rows = onCharges.filter((row) => row.claimID === book.claim.claimId);
      for (const row of rows)
        plan.rows.push({
          claimID: row.claimID,
          chargeID: row.chargeID,
          eraLineID: null,
          entryType: 'reversal',
          amountCents: -row.amountCents,
          group: null,
          reason: null,
          reversesLedgerID: row.ledgerID,
          note: `Reverses advance payment ${advance.advancePaymentID}`,
        });
      const balanceAfter = book.claim.balanceCents - rows.reduce((sum, row) => sum + row.amountCents, 0);
      // A claim the advance settled owes again; the patient owes it, as before the advance paid it.
      const statusAfter =
        balanceAfter > 0 && book.claim.claimStatusId === CLAIM_STATUS.paid
          ? CLAIM_STATUS.patientBalance
          : book.claim.claimStatusId;
      plan.claims.push({
        claimID: book.claim.claimId,
        statusBefore: book.claim.claimStatusId,
        statusAfter,
        balanceAfterCents: balanceAfter,
        paidCents: 0,
      });
    }
    await refuseClosedMonths(
      tx,
      [...books.values()].map((book) => book.claim),
      postingDate,
      (claim) =>
        `${monthName(postingDate)} is closed (month-end lock) for claim ${claim.claimId}; reverse with a date in an open month.`,
    );
    await writePosting(tx, plan, {
      eraCheckID: null,
      reference: `Advance payment ${advance.advancePaymentID}`,
      postingDate,
      actor,
      now,
      event: 'advance payment reversed',
      advancePaymentID: advance.advancePaymentID,
    });
    const credit = standing
      .filter((row) => row.chargeID === null)
      .map((row): CreditRow => ({
        entryType: 'reversal',
        amountCents: -row.amountCents,
        reversesLedgerID: row.ledgerID,
        postingDate,
        note: `Reverses advance payment ${advance.advancePaymentID}`,
      }));
    await writeCreditRows(tx, advance, credit, actor, now);
    await tx.query("UPDATE advance_payments SET status = 'reversed' WHERE advance_payment_id = $1", [
      advance.advancePaymentID,
    ]);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'advance.reverse',
      recordType: 'patient',
      recordId: advance.patientID,
      source: actor.source,
      ip: actor.ip,
      detail: {
        advancePaymentID: advance.advancePaymentID,
        amountCents: figures.amount,
        applicationsTakenBackCents: figures.applied,
        claims: claimIDs,
        postingDate,
      },
    });
    return { message: ADVANCE_PAYMENT_REVERSED, reversed: figures.amount, applicationsTakenBack: figures.applied };
  });
}
