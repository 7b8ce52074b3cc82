/**
 * savePatientPayments: what a patient paid, applied to lines of their own claims, one
 * patient_payment ledger row a line, each line's and claim's balance lowered by the same cents,
 * in one transaction. A line is never paid past its balance (a credit is an advance payment, not
 * a negative balance), and lines of another patient or outside the data role are refused. Paid
 * to a claim rather than to lines, the amount is spread over the claim's open lines in line order,
 * each up to its balance; more than the claim owes is refused (the rest is an advance payment).
 */
import { PATIENT_PAYMENT_SAVED, type PatientPaymentReply, type PatientPaymentRequest } from '../../../contract/era.ts';
import { formatCents } from '../../../contract/money.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { todayOf } from '../claims/writeOff.ts';
import { futurePostingDate } from '../lookups/postingDateCheck.ts';
import { spreadOverClaim, type LineApplication } from '../claims/claimSpread.ts';
import { lockPatientLineBooks } from '../claims/patientLineBooks.ts';
import { claimAfterPatientMoney, postInAnOpenMonth, refuseClosedMonths } from '../ledger/claimBooks.ts';
import { batchForPosting } from '../batches/batchForPosting.ts';
import type { Actor } from '../context.ts';
import { writePosting } from '../ledger/writePosting.ts';
import type { PostingPlan } from './postingPlan.ts';

export async function savePatientPayment(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: PatientPaymentRequest,
  now: Date,
): Promise<PatientPaymentReply> {
  const postingDate = request.postingDate ?? todayOf(now);
  const future = futurePostingDate(postingDate, now);
  if (future) throw new BadRequestError(future);
  const picked = request.applications;
  if (picked !== undefined && new Set(picked.map((application) => application.chargeID)).size !== picked.length)
    throw new BadRequestError('Each line is paid once in a payment.');
  return db.transaction((tx) => postPatientPaymentIn(tx, actor, scope, request, postingDate, now));
}

/**
 * The payment inside the caller's transaction, its posting date already checked: a charge saved
 * with the payment made on it (saveClaimChargeAndPayment) posts through here in the charge's
 * transaction, so a refused payment leaves no charge either.
 */
export async function postPatientPaymentIn(
  tx: Transaction,
  actor: Actor,
  scope: DataScope,
  request: PatientPaymentRequest,
  postingDate: string,
  now: Date,
): Promise<PatientPaymentReply> {
  const picked = request.applications;
  const applications: LineApplication[] =
    picked ??
    (await spreadOverClaim(tx, scope.practiceIds, {
      claimID: request.claimID ?? 0,
      patientID: request.patientID,
      amount: () => request.amount ?? 0,
      nothingDone: 'nothing was posted.',
      tooMuchHint: 'Post what the claim owes and keep the rest as an advance payment.',
    }));
  const chargeIDs = applications.map((application) => application.chargeID);
  const { claimOf, books } = await lockPatientLineBooks(
    tx,
    scope.practiceIds,
    chargeIDs,
    request.patientID,
    'Patient or lines not found.',
  );
  const paymentBatchID =
    request.paymentBatchID === undefined
      ? null
      : await batchForPosting(
          tx,
          scope,
          request.paymentBatchID,
          'patient',
          [...books.values()].map((book) => book.claim.groupId),
        );
  const plan: PostingPlan = { rows: [], claims: [], warnings: [], errors: [] };
  for (const book of books.values()) {
    if (!book.agrees)
      throw new BadRequestError(
        `Claim ${book.claim.claimId}'s balance does not agree with its ledger, so nothing was posted. Ask support to check it.`,
      );
    let claimPaid = 0;
    for (const application of applications.filter((item) => claimOf.get(item.chargeID) === book.claim.claimId)) {
      const line = book.lines.find((candidate) => candidate.chargeId === application.chargeID);
      if (!line || line.chargeStatus === 'void' || line.chargeStatus === 'deleted')
        throw new BadRequestError(`Charge ${application.chargeID} is not an open line.`);
      if (application.amount > line.balanceCents)
        throw new BadRequestError(
          `Charge ${application.chargeID} owes ${formatCents(line.balanceCents)}; ${formatCents(application.amount)} would pay it past its balance. Keep the rest as an advance payment.`,
        );
      claimPaid += application.amount;
      plan.rows.push({
        claimID: book.claim.claimId,
        chargeID: line.chargeId,
        eraLineID: null,
        entryType: 'patient_payment',
        amountCents: -application.amount,
        group: null,
        reason: null,
        reversesLedgerID: null,
        note: [request.method, request.reference].filter(Boolean).join(' '),
      });
    }
    plan.claims.push(claimAfterPatientMoney(book.claim, book.claim.balanceCents - claimPaid));
  }
  await refuseClosedMonths(
    tx,
    [...books.values()].map((book) => book.claim),
    postingDate,
    () => postInAnOpenMonth(postingDate),
  );
  await writePosting(tx, plan, {
    eraCheckID: null,
    ...(request.reference ? { reference: request.reference } : {}),
    paymentBatchID,
    postingDate,
    actor,
    now,
    event: 'patient payment posted',
  });
  const applied = applications.reduce((sum, application) => sum + application.amount, 0);
  await writeAudit(tx, {
    userId: actor.userId,
    action: 'payment.patient',
    recordType: 'patient',
    recordId: request.patientID,
    source: actor.source,
    ip: actor.ip,
    detail: {
      appliedCents: applied,
      paymentBatchID,
      lines: applications.length,
      method: request.method,
      postingDate,
    },
  });
  return { message: PATIENT_PAYMENT_SAVED, pkid: 1, applied, claims: plan.claims.length };
}
