/**
 * reversePaymentLedger: takes back one posted payment, adjustment or write-off. Ledger rows are
 * never changed: a negating 'reversal' row names the row it reverses, and the line's and claim's
 * balances move by the same cents through writePosting, as any posting does. The database's
 * UNIQUE (reverses_ledger_id) makes a second reversal of the same row impossible even when two
 * billers press the key at the same moment.
 */
import {
  LEDGER_REVERSED,
  type ReversePaymentLedgerReply,
  type ReversePaymentLedgerRequest,
} from '../../../contract/batches.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { todayOf } from '../claims/writeOff.ts';
import { lockClaimBooks, monthName, refuseClosedMonths } from '../ledger/claimBooks.ts';
import type { Actor } from '../context.ts';
import { writePosting } from '../ledger/writePosting.ts';
import { reverseBalanceTransfer } from '../claims/balanceTransfer.ts';
import type { PostingPlan } from '../era/postingPlan.ts';

const REVERSIBLE = new Set([
  'insurance_payment',
  'patient_payment',
  'contractual_adjustment',
  'adjustment',
  'write_off',
  'refund',
]);

interface PostedRow {
  ledgerID: number;
  claimID: number | null;
  chargeID: number | null;
  entryType: string;
  amount: number;
  groupCode: string | null;
  reasonCode: string | null;
  eraCheckID: number | null;
  eraLineID: number | null;
  paymentBatchID: number | null;
  eraClaimID: number | null;
  paperEobID: number | null;
  /** A transfer of the balance to the patient the row belongs to: reversing it reverses the transfer. */
  balanceTransferID: number | null;
}

const alreadyReversed = (ledgerID: number) =>
  new ConflictError(`Ledger posting ${ledgerID} is already reversed; it was not reversed again.`);

function refusal(row: PostedRow): string | null {
  if (row.entryType === 'charge')
    return 'A charge row is not reversed here: void the claim or delete the charge instead.';
  if (row.entryType === 'reversal')
    return 'This row is itself a reversal; post the payment again instead of reversing the reversal.';
  if (!REVERSIBLE.has(row.entryType)) return `A ${row.entryType.replace(/_/g, ' ')} row cannot be reversed here.`;
  if (row.claimID === null || row.chargeID === null)
    return 'This row is not on a claim line; it cannot be reversed here.';
  if (row.amount === 0) return 'This row moved no money; there is nothing to reverse.';
  return null;
}

/** A settled claim that owes again waits on whoever's money was taken back. */
function statusAfter(statusBefore: number, balanceAfter: number, entryType: string): number {
  const settled = statusBefore === CLAIM_STATUS.paid || statusBefore === CLAIM_STATUS.closed;
  if (settled && balanceAfter > 0)
    return entryType === 'patient_payment' ? CLAIM_STATUS.patientBalance : CLAIM_STATUS.acceptedByPayer;
  return statusBefore;
}

/** True when `error` is the database refusing a second row reversing the same ledger row. */
export function isReversalClash(error: unknown): boolean {
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  const named = (text: unknown) => typeof text === 'string' && text.includes('reverses_ledger_id');
  return code === '23505' && (named(constraint) || named(message));
}

/** A paper EOB's line with no money left standing may be keyed again (the corrected EOB). */
async function releaseEobLine(tx: Transaction, paperEobID: number, chargeID: number, now: Date): Promise<void> {
  await tx.query(
    `UPDATE paper_eob_lines el SET reversed_at = $3
      WHERE el.paper_eob_id = $1 AND el.charge_id = $2 AND el.reversed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM ledger_entries l
                         WHERE l.paper_eob_id = $1 AND l.charge_id = $2 AND l.amount_cents <> 0 AND l.reverses_ledger_id IS NULL
                           AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id))`,
    [paperEobID, chargeID, now],
  );
}

export async function reversePaymentLedger(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: ReversePaymentLedgerRequest,
  now: Date,
): Promise<ReversePaymentLedgerReply> {
  const postingDate = request.postingDate ?? todayOf(now);
  if (postingDate > todayOf(now)) throw new BadRequestError(`The posting date ${postingDate} is in the future.`);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.query<PostedRow>(
        `SELECT ledger_id AS "ledgerID", claim_id AS "claimID", charge_id AS "chargeID", entry_type AS "entryType", amount_cents AS amount,
                adjustment_group_code AS "groupCode", reason_code AS "reasonCode", era_check_id AS "eraCheckID", era_line_id AS "eraLineID", payment_batch_id AS "paymentBatchID",
                era_claim_id AS "eraClaimID", paper_eob_id AS "paperEobID", balance_transfer_id AS "balanceTransferID"
           FROM ledger_entries WHERE ledger_id = $1 AND practice_id = ANY($2::bigint[])`,
        [request.ledgerID, scope.practiceIds],
      );
      if (!row) throw new NotFoundError('Ledger posting not found.');
      // A marker of a transfer to the patient is reversed with its whole transfer (below).
      const transferID = row.entryType === 'patient_responsibility' ? row.balanceTransferID : null;
      const refused = transferID === null ? refusal(row) : null;
      if (refused !== null || row.claimID === null || row.chargeID === null)
        throw new BadRequestError(refused ?? 'This row cannot be reversed.');
      const book = (await lockClaimBooks(tx, [row.claimID], scope.practiceIds)).get(row.claimID);
      if (!book) throw new NotFoundError('Claim not found.');
      if (!book.agrees)
        throw new BadRequestError(
          "The claim's balance does not agree with its ledger, so nothing was reversed. Ask support to check the claim.",
        );
      const [reversal] = await tx.query('SELECT 1 FROM ledger_entries WHERE reverses_ledger_id = $1', [row.ledgerID]);
      if (reversal) throw alreadyReversed(row.ledgerID);
      if (row.paymentBatchID !== null) {
        const [batch] = await tx.query<{ status: string; batchNumber: string }>(
          'SELECT status, batch_number AS "batchNumber" FROM payment_batches WHERE payment_batch_id = $1 FOR UPDATE',
          [row.paymentBatchID],
        );
        if (batch?.status === 'reconciled')
          throw new BadRequestError(
            `Payment batch ${batch.batchNumber} is reconciled; its postings can no longer be reversed.`,
          );
      }
      if (row.eraCheckID !== null) {
        const [check] = await tx.query<{ reconciled: boolean }>(
          'SELECT reconciled_at IS NOT NULL AS reconciled FROM era_checks WHERE era_check_id = $1 FOR UPDATE',
          [row.eraCheckID],
        );
        if (check?.reconciled)
          throw new BadRequestError(
            'The ERA check of this posting is reconciled; its postings can no longer be reversed.',
          );
      }
      await refuseClosedMonths(
        tx,
        [book.claim],
        postingDate,
        () => `${monthName(postingDate)} is closed (month-end lock); reverse with a date in an open month.`,
      );
      const line = book.lines.find((candidate) => candidate.chargeId === row.chargeID);
      if (!line) throw new BadRequestError('The line of this posting is no longer on the claim.');
      if (transferID !== null)
        return await reverseBalanceTransfer(
          tx,
          actor,
          scope,
          { ledgerID: row.ledgerID, balanceTransferID: transferID, claimID: row.claimID, chargeID: row.chargeID },
          book,
          postingDate,
          request.note,
          now,
        );
      const balanceAfter = book.claim.balanceCents - row.amount;
      const plan: PostingPlan = {
        rows: [
          {
            claimID: row.claimID,
            chargeID: row.chargeID,
            eraLineID: row.eraLineID,
            eraClaimID: row.eraClaimID,
            entryType: 'reversal',
            amountCents: -row.amount,
            group: row.groupCode,
            reason: row.reasonCode,
            reversesLedgerID: row.ledgerID,
            note: request.note ?? `Reversal of ledger ${row.ledgerID}`,
          },
        ],
        claims: [
          {
            claimID: row.claimID,
            statusBefore: book.claim.claimStatusId,
            statusAfter: statusAfter(book.claim.claimStatusId, balanceAfter, row.entryType),
            balanceAfterCents: balanceAfter,
            paidCents: 0,
          },
        ],
        warnings: [],
        errors: [],
      };
      await writePosting(tx, plan, {
        eraCheckID: row.eraCheckID,
        paymentBatchID: row.paymentBatchID,
        paperEobID: row.paperEobID,
        postingDate,
        actor,
        now,
        event: 'ledger posting reversed',
      });
      if (row.paperEobID !== null) await releaseEobLine(tx, row.paperEobID, row.chargeID, now);
      const [written] = await tx.query<{ ledgerID: number }>(
        'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE reverses_ledger_id = $1',
        [row.ledgerID],
      );
      if (!written) throw new Error('The reversal row was not written.');
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'ledger.reverse',
        recordType: 'ledger',
        recordId: row.ledgerID,
        source: actor.source,
        ip: actor.ip,
        detail: { reversalLedgerID: written.ledgerID, claimID: row.claimID, amountCents: -row.amount, postingDate },
      });
      return {
        message: LEDGER_REVERSED,
        ledgerID: written.ledgerID,
        claimBalance: balanceAfter,
        chargeBalance: line.balanceCents - row.amount,
      };
    });
  } catch (error) {
    if (isReversalClash(error)) throw alreadyReversed(request.ledgerID);
    throw error;
  }
}
