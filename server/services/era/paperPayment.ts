/**
 * saveInsurancePayments: a payment the biller keys from a paper EOB onto one claim's lines. It is
 * planned and written exactly as an ERA claim is (postingPlan.ts, writePosting): the same ledger
 * rows, balances, statuses and DNA event, so a paper payment and an electronic one read alike.
 */
import { INSURANCE_PAYMENT_SAVED, type InsurancePaymentReply, type InsurancePaymentRequest } from '../../../contract/era.ts';
import type { Db } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { todayOf } from '../claims/writeOff.ts';
import { isLocked, lockClaimBooks, lockedPractices, monthName } from '../claims/writeOffPosting.ts';
import { batchForPosting } from '../batches/batchForPosting.ts';
import type { Actor } from '../context.ts';
import { writePosting } from './postEra.ts';
import { planEraPosting, type PlanClaim } from './postingPlan.ts';

export async function saveInsurancePayment(db: Db, actor: Actor, scope: DataScope, request: InsurancePaymentRequest, now: Date): Promise<InsurancePaymentReply> {
  const postingDate = request.postingDate ?? todayOf(now);
  if (postingDate > todayOf(now)) throw new BadRequestError(`The posting date ${postingDate} is in the future.`);
  const reasons = [...new Set(request.lines.flatMap((line) => line.adjustments.map((adjustment) => adjustment.reason)))];
  return db.transaction(async (tx) => {
    const books = await lockClaimBooks(tx, [request.claimID], scope.practiceIds);
    const book = books.get(request.claimID);
    if (!book) throw new NotFoundError('Claim not found.');
    if (!book.agrees) throw new BadRequestError("The claim's balance does not agree with its ledger, so nothing was posted. Ask support to check the claim.");
    const paymentBatchID = request.paymentBatchID === undefined ? null : await batchForPosting(tx, scope, request.paymentBatchID, 'insurance', [book.claim.groupId]);
    const known = await tx.query<{ code: string }>('SELECT code FROM adjustment_reason_codes WHERE code = ANY($1::text[])', [reasons]);
    const unknown = reasons.filter((reason) => !known.some((row) => row.code === reason));
    if (unknown.length > 0) throw new BadRequestError(`Not a claim adjustment reason code (CARC): ${unknown.join(', ')}.`);
    const open = new Map(book.lines.filter((line) => line.chargeStatus !== 'void' && line.chargeStatus !== 'deleted').map((line) => [line.chargeId, line]));
    const foreign = request.lines.filter((line) => !open.has(line.chargeID));
    if (foreign.length > 0) throw new BadRequestError(`Not an open line of claim ${request.claimID}: charge ${foreign.map((line) => line.chargeID).join(', ')}.`);
    if (new Set(request.lines.map((line) => line.chargeID)).size !== request.lines.length) throw new BadRequestError('Each line is paid once in a payment.');
    const locked = await lockedPractices(tx, [book.claim], postingDate);
    if (isLocked(locked, book.claim)) throw new BadRequestError(`${monthName(postingDate)} is closed (month-end lock); post with a date in an open month.`);

    const claim: PlanClaim = {
      eraClaimID: 0,
      claimID: request.claimID,
      patientControlNumber: String(request.claimID),
      statusCode: request.denied ? '4' : '1',
      paidCents: request.lines.reduce((sum, line) => sum + line.paid, 0),
      adjustments: [],
      lines: request.lines.map((line) => ({
        eraLineID: null,
        chargeID: line.chargeID,
        chargeCents: line.paid + line.adjustments.reduce((sum, adjustment) => sum + adjustment.amount, 0),
        paidCents: line.paid,
        adjustments: line.adjustments.map((adjustment) => ({ group: adjustment.group, reason: adjustment.reason, cents: adjustment.amount })),
      })),
    };
    const plan = planEraPosting(
      [claim],
      new Map([[request.claimID, { claimID: request.claimID, claimStatusID: book.claim.claimStatusId, balanceCents: book.claim.balanceCents, lines: [...open.values()].map((line) => ({ chargeID: line.chargeId, balanceCents: line.balanceCents })) }]]),
      [],
      [],
    );
    if (plan.errors.length > 0) throw new BadRequestError(`Nothing was posted: ${plan.errors.join(' ')}`);
    const [outcome] = plan.claims;
    if (!outcome) throw new BadRequestError('Nothing to post.');
    await writePosting(tx, plan, { eraCheckID: null, reference: request.reference, paymentBatchID, postingDate, actor, now, event: 'insurance payment posted' });
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'payment.insurance',
      recordType: 'claim',
      recordId: request.claimID,
      source: actor.source,
      ip: actor.ip,
      detail: { reference: request.reference, paymentBatchID, paidCents: outcome.paidCents, ledgerRows: plan.rows.length, postingDate },
    });
    return { message: INSURANCE_PAYMENT_SAVED, pkid: 1, paid: outcome.paidCents, balanceAfter: outcome.balanceAfterCents, claimStatusID: outcome.statusAfter };
  });
}
