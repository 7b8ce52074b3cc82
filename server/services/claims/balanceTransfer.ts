/**
 * AddEditClaim/transferClaimBalance: a claim's balance moved on. To the next payer it is a
 * crossover claim, made by the crossover service with its own checks. To the patient it is one
 * posting, in one transaction under the claim's lock: a $0.00 patient-responsibility marker on
 * each line the payer still owes (the ledger's sign that a line's balance is the patient's), tied
 * together by a balance_transfers row. Nothing owed moves, only who owes it, so no balance
 * changes; the patient's balance rises by exactly what the insurance balance loses. Reversing
 * any of its rows (reversePaymentLedger) reverses the whole transfer and nothing else: see
 * reverseBalanceTransfer (docs/decisions/claim-balance-transfer.md).
 */
import type { ReversePaymentLedgerReply } from '../../../contract/batches.ts';
import { type TransferClaimBalanceInput, type TransferClaimBalanceReply } from '../../../contract/claimTransfer.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { formatCents } from '../../../contract/money.ts';
import type { Db, Transaction } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { claimFigures } from '../ledger/ledgerFigures.ts';
import { lockClaimBooks, postInAnOpenMonth, refuseClosedMonths, type ClaimBooks } from '../ledger/claimBooks.ts';
import { recordClaimEvent } from './claimEditing.ts';
import { insuranceOwedLines, patientTransferRefusal, payerText, payorClaim, type OwedLine } from './claimPayor.ts';
import { createCrossoverClaim } from './crossover.ts';
import { todayOf } from './writeOff.ts';

export const TRANSFER_NOTE = 'Balance transferred to patient';

/** The farthest any time zone runs ahead of UTC (UTC+14): the biller's today may be UTC's tomorrow. */
const AHEAD_OF_UTC_MS = 14 * 3_600_000;

const plural = (count: number, one: string) => (count === 1 ? `1 ${one}` : `${count} ${one}s`);

function postingDateOf(asked: string | undefined, now: Date): string {
  const postingDate = asked ?? todayOf(now);
  if (postingDate > todayOf(new Date(now.getTime() + AHEAD_OF_UTC_MS)))
    throw new BadRequestError(
      `The posting date ${postingDate} is in the future: post with today's date or an earlier one.`,
    );
  return postingDate;
}

/** The lines to move: those named (each must be on the claim and owed by the payer), else every owed line. */
function linesToMove(
  books: ClaimBooks,
  owed: readonly OwedLine[],
  chargeIDs: readonly number[] | undefined,
): OwedLine[] {
  if (chargeIDs === undefined) return [...owed];
  const named = new Set(chargeIDs);
  for (const chargeID of named) {
    const line = books.lines.find((candidate) => candidate.chargeId === chargeID);
    if (!line) throw new BadRequestError(`Charge ${chargeID} is not a line of claim ${books.claim.claimId}.`);
    if (!owed.some((each) => each.chargeID === chargeID))
      throw new BadRequestError(`Line ${line.lineNumber} has no insurance balance to transfer.`);
  }
  return owed.filter((line) => named.has(line.chargeID));
}

async function transferToPatient(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: TransferClaimBalanceInput,
  now: Date,
): Promise<TransferClaimBalanceReply> {
  const postingDate = postingDateOf(input.postingDate, now);
  return db.transaction(async (tx) => {
    // The claim's lock first: a second transfer of the same claim waits here, then finds nothing left to move.
    const books = (await lockClaimBooks(tx, [input.claimID], scope.practiceIds)).get(input.claimID);
    if (!books) throw new NotFoundError();
    const claim = await payorClaim(tx, scope, input.claimID);
    const { totals, lines } = await claimFigures(tx, input.claimID);
    const owed = insuranceOwedLines(lines, books.lines);
    const refused = patientTransferRefusal(
      claim,
      owed.reduce((sum, line) => sum + line.cents, 0),
    );
    if (refused !== null) throw new BadRequestError(refused);
    if (!books.agrees)
      throw new BadRequestError(
        "The claim's balance does not agree with its ledger, so nothing was transferred. Ask support to check the claim.",
      );
    const moving = linesToMove(books, owed, input.chargeIDs);
    await refuseClosedMonths(tx, [books.claim], postingDate, () => postInAnOpenMonth(postingDate));
    const movedCents = moving.reduce((sum, line) => sum + line.cents, 0);

    const [transfer] = await tx.query<{ id: number }>(
      `INSERT INTO balance_transfers (claim_id, amount_cents, claim_status_before, posting_date, created_by, created_at)
       VALUES ($1, $2, $3, $4::date, $5, $6) RETURNING balance_transfer_id AS id`,
      [input.claimID, movedCents, books.claim.claimStatusId, postingDate, actor.userId, now],
    );
    if (!transfer) throw new Error('The balance transfer was not stored.');
    const written = await tx.query<{ ledgerID: number }>(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date, note,
                                   created_by, created_at, balance_transfer_id)
       SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, d.charge_id, 'patient_responsibility', 0, $3::date, $4, $5, $6, $7
         FROM unnest($2::bigint[]) WITH ORDINALITY AS d (charge_id, position)
         JOIN claims c ON c.claim_id = $1
        ORDER BY d.position
       RETURNING ledger_id AS "ledgerID"`,
      [input.claimID, moving.map((line) => line.chargeID), postingDate, TRANSFER_NOTE, actor.userId, now, transfer.id],
    );
    const ledgerIDs = written.map((row) => Number(row.ledgerID)).sort((a, b) => a - b);
    const insuranceAfter = totals.insuranceBalance - movedCents;
    const patientAfter = totals.patientResponsibility + movedCents;
    // All the payer owed is the patient's now: the claim waits on the patient.
    const statusAfter =
      insuranceAfter <= 0 && patientAfter > 0 ? CLAIM_STATUS.patientBalance : books.claim.claimStatusId;
    if (statusAfter !== books.claim.claimStatusId)
      await tx.query('UPDATE claims SET claim_status_id = $2, updated_at = $3 WHERE claim_id = $1', [
        input.claimID,
        statusAfter,
        now,
      ]);
    await recordClaimEvent(
      tx,
      actor,
      input.claimID,
      'balance transferred to patient',
      {
        amountCents: movedCents,
        ledgerIDs,
        postingDate,
        balanceAfterCents: totals.balance,
        ...(statusAfter === books.claim.claimStatusId
          ? {}
          : { claimStatus: { from: books.claim.claimStatusId, to: statusAfter } }),
      },
      now,
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claims.transferBalance',
      recordType: 'claim',
      recordId: input.claimID,
      source: actor.source,
      ip: actor.ip,
      detail: { target: 'patient', amountCents: movedCents, postingDate, ledgerIDs, balanceTransferID: transfer.id },
    });
    const from = claim.payer === null ? 'the payer' : payerText(claim.payer);
    return {
      message: `Transferred ${formatCents(movedCents)} on claim ${input.claimID} from ${from} to the patient (${plural(moving.length, 'line')}); the patient now owes ${formatCents(patientAfter)}.`,
      target: 'patient',
      ledgerID: ledgerIDs[0] ?? null,
      ledgerIDs,
      movedCents,
      crossoverClaimID: null,
    };
  });
}

export async function transferClaimBalance(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: TransferClaimBalanceInput,
  now: Date,
): Promise<TransferClaimBalanceReply> {
  if (input.target === 'patient') return transferToPatient(db, actor, scope, input, now);
  if (input.chargeIDs !== undefined)
    throw new BadRequestError('A crossover claim bills every line that is not void: leave the lines out.');
  const reply = await createCrossoverClaim(db, actor, scope, input.claimID, now);
  return {
    message: reply.message,
    target: 'nextPayer',
    ledgerID: null,
    ledgerIDs: [],
    movedCents: 0,
    crossoverClaimID: reply.crossoverClaimID,
  };
}

/**
 * Reverses a transfer to the patient, named by any of its rows, inside reversePaymentLedger's
 * transaction after its checks (claim locked, books agree, the named row not yet reversed, the
 * month open): a $0.00 reversal of each of the transfer's markers still standing, so those lines
 * are the payer's again, and the claim's status as it was before the transfer if it still stands
 * where the transfer left it. Markers of remits or of other transfers are not touched.
 */
export async function reverseBalanceTransfer(
  tx: Transaction,
  actor: Actor,
  scope: DataScope,
  named: { ledgerID: number; balanceTransferID: number; claimID: number; chargeID: number },
  books: ClaimBooks,
  postingDate: string,
  note: string | undefined,
  now: Date,
): Promise<ReversePaymentLedgerReply> {
  const [transfer] = await tx.query<{ statusBefore: number; amount: number }>(
    'SELECT claim_status_before AS "statusBefore", amount_cents AS amount FROM balance_transfers WHERE balance_transfer_id = $1',
    [named.balanceTransferID],
  );
  if (!transfer) throw new NotFoundError('Balance transfer not found.');
  const before = await claimFigures(tx, named.claimID);
  const written = await tx.query<{ ledgerID: number }>(
    `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, reverses_ledger_id,
                                 posting_date, note, created_by, created_at, balance_transfer_id)
     SELECT l.group_id, l.practice_id, l.patient_id, l.claim_id, l.charge_id, 'reversal', 0, l.ledger_id, $2::date, $3, $4, $5, $1
       FROM ledger_entries l
      WHERE l.balance_transfer_id = $1 AND l.entry_type = 'patient_responsibility'
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
      ORDER BY l.ledger_id
     RETURNING ledger_id AS "ledgerID"`,
    [
      named.balanceTransferID,
      postingDate,
      note ?? `Reversal of balance transfer (ledger ${named.ledgerID})`,
      actor.userId,
      now,
    ],
  );
  const ledgerIDs = written.map((row) => Number(row.ledgerID)).sort((a, b) => a - b);
  const after = await claimFigures(tx, named.claimID);
  const statusBefore = books.claim.claimStatusId;
  const statusAfter = statusBefore === CLAIM_STATUS.patientBalance ? Number(transfer.statusBefore) : statusBefore;
  if (statusAfter !== statusBefore)
    await tx.query('UPDATE claims SET claim_status_id = $2, updated_at = $3 WHERE claim_id = $1', [
      named.claimID,
      statusAfter,
      now,
    ]);
  const backCents = after.totals.insuranceBalance - before.totals.insuranceBalance;
  await recordClaimEvent(
    tx,
    actor,
    named.claimID,
    'balance transfer reversed',
    {
      amountCents: backCents,
      ledgerIDs,
      reversedLedgerID: named.ledgerID,
      postingDate,
      balanceAfterCents: after.totals.balance,
      ...(statusAfter === statusBefore ? {} : { claimStatus: { from: statusBefore, to: statusAfter } }),
    },
    now,
  );
  await writeAudit(tx, {
    userId: actor.userId,
    action: 'ledger.reverse',
    recordType: 'ledger',
    recordId: named.ledgerID,
    source: actor.source,
    ip: actor.ip,
    detail: {
      balanceTransferID: named.balanceTransferID,
      reversalLedgerIDs: ledgerIDs,
      claimID: named.claimID,
      postingDate,
    },
  });
  const claim = await payorClaim(tx, scope, named.claimID);
  const payer = claim.payer === null ? 'the payer' : payerText(claim.payer);
  const line = books.lines.find((each) => each.chargeId === named.chargeID);
  return {
    message: `Balance transfer reversed: ${formatCents(backCents)} of claim ${named.claimID} is back on ${payer}.`,
    ledgerID: ledgerIDs[0] ?? named.ledgerID,
    claimBalance: books.claim.balanceCents,
    chargeBalance: line?.balanceCents ?? 0,
  };
}
