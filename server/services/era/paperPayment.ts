/**
 * saveInsurancePayments: a payment the biller keys from a paper EOB onto one claim's lines. It is
 * planned and written exactly as an ERA claim is (postingPlan.ts, writePosting), so a paper
 * payment and an electronic one read alike, and what the EOB said is kept as keyed (paper_eobs),
 * for the secondary claim to carry. An EOB posts once per reference and line: the database's
 * unique index refuses a second posting even when two arrive at the same moment. A payment over a
 * line's open balance, or one that leaves a credit, posts only once the biller confirms it.
 */
import {
  INSURANCE_PAYMENT_SAVED,
  type InsurancePaymentReply,
  type InsurancePaymentRequest,
} from '../../../contract/era.ts';
import { formatCents } from '../../../contract/money.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { todayOf } from '../claims/writeOff.ts';
import { futurePostingDate } from '../lookups/postingDateCheck.ts';
import { lockClaimBooks, postInAnOpenMonth, refuseClosedMonths } from '../ledger/claimBooks.ts';
import { batchForPosting } from '../batches/batchForPosting.ts';
import type { Actor } from '../context.ts';
import { writePosting } from '../ledger/writePosting.ts';
import { planRemits, type PlanClaim } from './postingPlan.ts';

/** How references are compared: "chk  5521" and "CHK 5521" are one EOB. */
export const eobReferenceKey = (reference: string) => reference.trim().replace(/\s+/g, ' ').toUpperCase();

const isEobClash = (error: unknown) => {
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  const named = (text: unknown) => typeof text === 'string' && text.includes('paper_eob_lines_once_idx');
  return code === '23505' && (named(constraint) || named(message));
};

const alreadyPosted = (reference: string, lines: readonly number[]) =>
  new ConflictError(
    `EOB ${reference} is already posted on ${lines.length === 1 ? `charge ${lines[0]}` : `charges ${lines.join(', ')}`}; nothing was posted again. Reverse that posting first to key it again.`,
  );

async function storeEob(
  tx: Transaction,
  request: InsurancePaymentRequest,
  claim: { groupId: number; insuranceID: number | null },
  paymentBatchID: number | null,
  postingDate: string,
  actor: Actor,
  now: Date,
): Promise<number> {
  const paid = request.lines.reduce((sum, line) => sum + line.paid, 0);
  const [eob] = await tx.query<{ paperEobID: number }>(
    `INSERT INTO paper_eobs (group_id, claim_id, insurance_id, reference, payer_claim_number, denied, paid_cents, posting_date, payment_batch_id, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING paper_eob_id AS "paperEobID"`,
    [
      claim.groupId,
      request.claimID,
      claim.insuranceID,
      request.reference,
      request.payerClaimNumber ?? null,
      request.denied,
      paid,
      postingDate,
      paymentBatchID,
      actor.userId,
      now,
    ],
  );
  if (!eob) throw new Error('The paper EOB was not stored.');
  await tx.query(
    `INSERT INTO paper_eob_lines (paper_eob_id, charge_id, payer_key, reference_key, paid_cents, adjustments)
     SELECT $1, d.charge_id, $2, $3, d.paid, d.adjustments::jsonb FROM unnest($4::bigint[], $5::bigint[], $6::text[]) AS d (charge_id, paid, adjustments)`,
    [
      eob.paperEobID,
      claim.insuranceID ?? 0,
      eobReferenceKey(request.reference),
      request.lines.map((line) => line.chargeID),
      request.lines.map((line) => line.paid),
      request.lines.map((line) =>
        JSON.stringify(
          line.adjustments.map((adjustment) => ({
            group: adjustment.group,
            reason: adjustment.reason,
            cents: adjustment.amount,
          })),
        ),
      ),
    ],
  );
  return eob.paperEobID;
}

export async function saveInsurancePayment(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: InsurancePaymentRequest,
  now: Date,
): Promise<InsurancePaymentReply> {
  const postingDate = request.postingDate ?? todayOf(now);
  const future = futurePostingDate(postingDate, now);
  if (future) throw new BadRequestError(future);
  const reasons = [
    ...new Set(request.lines.flatMap((line) => line.adjustments.map((adjustment) => adjustment.reason))),
  ];
  try {
    return await db.transaction(async (tx) => {
      const books = await lockClaimBooks(tx, [request.claimID], scope.practiceIds);
      const book = books.get(request.claimID);
      if (!book) throw new NotFoundError('Claim not found.');
      if (!book.agrees)
        throw new BadRequestError(
          "The claim's balance does not agree with its ledger, so nothing was posted. Ask support to check the claim.",
        );
      const paymentBatchID =
        request.paymentBatchID === undefined
          ? null
          : await batchForPosting(tx, scope, request.paymentBatchID, 'insurance', [book.claim.groupId]);
      const known = await tx.query<{ code: string }>(
        'SELECT code FROM adjustment_reason_codes WHERE code = ANY($1::text[])',
        [reasons],
      );
      const unknown = reasons.filter((reason) => !known.some((row) => row.code === reason));
      if (unknown.length > 0)
        throw new BadRequestError(`Not a claim adjustment reason code (CARC): ${unknown.join(', ')}.`);
      const open = new Map(
        book.lines
          .filter((line) => line.chargeStatus !== 'void' && line.chargeStatus !== 'deleted')
          .map((line) => [line.chargeId, line]),
      );
      const foreign = request.lines.filter((line) => !open.has(line.chargeID));
      if (foreign.length > 0)
        throw new BadRequestError(
          `Not an open line of claim ${request.claimID}: charge ${foreign.map((line) => line.chargeID).join(', ')}.`,
        );
      if (new Set(request.lines.map((line) => line.chargeID)).size !== request.lines.length)
        throw new BadRequestError('Each line is paid once in a payment.');
      await refuseClosedMonths(tx, [book.claim], postingDate, () => postInAnOpenMonth(postingDate));
      const [claimRow] = await tx.query<{ insuranceID: number | null }>(
        'SELECT insurance_id AS "insuranceID" FROM claims WHERE claim_id = $1',
        [request.claimID],
      );
      const insuranceID = claimRow?.insuranceID ?? null;
      const posted = await tx.query<{ chargeID: number }>(
        'SELECT charge_id AS "chargeID" FROM paper_eob_lines WHERE payer_key = $1 AND reference_key = $2 AND charge_id = ANY($3::bigint[]) AND reversed_at IS NULL ORDER BY charge_id',
        [insuranceID ?? 0, eobReferenceKey(request.reference), request.lines.map((line) => line.chargeID)],
      );
      if (posted.length > 0)
        throw alreadyPosted(
          request.reference,
          posted.map((row) => row.chargeID),
        );

      const claim: PlanClaim = {
        eraClaimID: null,
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
          adjustments: line.adjustments.map((adjustment) => ({
            group: adjustment.group,
            reason: adjustment.reason,
            cents: adjustment.amount,
          })),
        })),
      };
      const plan = planRemits({
        claims: [claim],
        books: new Map([
          [
            request.claimID,
            {
              claimID: request.claimID,
              claimStatusID: book.claim.claimStatusId,
              balanceCents: book.claim.balanceCents,
              lines: [...open.values()].map((line) => ({ chargeID: line.chargeId, balanceCents: line.balanceCents })),
            },
          ],
        ]),
        originals: new Map(),
        imbalances: [],
      });
      const over = request.lines.flatMap((line) => {
        const balance = open.get(line.chargeID)?.balanceCents ?? 0;
        return line.paid > balance
          ? [`Charge ${line.chargeID} owes ${formatCents(balance)}; the EOB pays ${formatCents(line.paid)} on it.`]
          : [];
      });
      const warnings = [...over, ...plan.warnings];
      if (plan.errors.length > 0 || plan.held.length > 0)
        throw new BadRequestError(
          `Nothing was posted: ${[...plan.errors, ...plan.held.map((held) => held.reason)].join(' ')}`,
        );
      if (warnings.length > 0 && request.bypassWarningsID !== 1)
        throw new BadRequestError(`Posting needs your confirmation: ${warnings.join(' ')}`);
      const [outcome] = plan.claims;
      if (!outcome) throw new BadRequestError('Nothing to post.');
      const paperEobID = await storeEob(
        tx,
        request,
        { groupId: book.claim.groupId, insuranceID },
        paymentBatchID,
        postingDate,
        actor,
        now,
      );
      await writePosting(tx, plan, {
        eraCheckID: null,
        reference: request.reference,
        paymentBatchID,
        paperEobID,
        postingDate,
        actor,
        now,
        event: 'insurance payment posted',
      });
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'payment.insurance',
        recordType: 'claim',
        recordId: request.claimID,
        source: actor.source,
        ip: actor.ip,
        detail: {
          reference: request.reference,
          paperEobID,
          paymentBatchID,
          paidCents: outcome.paidCents,
          ledgerRows: plan.rows.length,
          postingDate,
          warningsAccepted: warnings,
        },
      });
      return {
        message: INSURANCE_PAYMENT_SAVED,
        pkid: 1,
        paid: outcome.paidCents,
        balanceAfter: outcome.balanceAfterCents,
        claimStatusID: outcome.statusAfter,
      };
    });
  } catch (error) {
    if (isEobClash(error))
      throw alreadyPosted(
        request.reference,
        request.lines.map((line) => line.chargeID),
      );
    throw error;
  }
}
