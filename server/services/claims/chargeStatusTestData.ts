/**
 * Test support for line status changes, deletes and voids: claims whose lines have their
 * 'charge' ledger row (the scrub fixtures insert lines without one), postings that keep the
 * balances in step, and the check that every balance still equals its charges plus the ledger.
 */
import { CLAIM_STATUS, SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import type { LedgerEntryType } from '../../../contract/ledger.ts';
import type { Db } from '../../db/types.ts';
import { FIGURE_SQL, REVERSED_ROW_JOIN } from '../ledger/ledgerFigures.ts';
import type { ClaimSpec, ScrubTestData } from '../scrub/scrubTestData.ts';

export interface LedgerClaim {
  claimID: number;
  chargeIDs: number[];
}

/**
 * A claim whose lines each carry their 'charge' row, posted on the date of service; a line made
 * void also carries the reversal of it and owes nothing, as after a void.
 */
export async function insertLedgerClaim(data: ScrubTestData, spec: ClaimSpec): Promise<LedgerClaim> {
  const claim = await data.insertClaim(spec);
  await data.db.transaction(async (tx) => {
    await tx.query(
      `WITH charged AS (
         INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
         SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, 'charge', ch.charge_cents, ch.dos_from
           FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
          WHERE ch.claim_id = $1
         RETURNING *
       )
       INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, reverses_ledger_id, posting_date)
       SELECT l.group_id, l.practice_id, l.patient_id, l.claim_id, l.charge_id, 'reversal', -l.amount_cents, l.ledger_id, l.posting_date
         FROM charged l JOIN charges ch ON ch.charge_id = l.charge_id
        WHERE ch.charge_status = 'void'`,
      [claim.claimID],
    );
    await tx.query(`UPDATE charges SET balance_cents = 0 WHERE claim_id = $1 AND charge_status = 'void'`, [
      claim.claimID,
    ]);
  });
  return claim;
}

/**
 * Posts a row on a line (amount_cents as the ledger books it: money in is negative) and moves
 * the line's and the claim's balances with it, as a posting does. Returns the row's id.
 */
export async function postOnLine(
  db: Db,
  chargeID: number,
  type: LedgerEntryType,
  amountCents: number,
  reversesLedgerID: number | null = null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, reverses_ledger_id, posting_date)
       SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, $2, $3, $4, DATE '2026-02-20'
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE ch.charge_id = $1
       RETURNING ledger_id AS id`,
      [chargeID, type, amountCents, reversesLedgerID],
    );
    await tx.query('UPDATE charges SET balance_cents = balance_cents + $2 WHERE charge_id = $1', [
      chargeID,
      amountCents,
    ]);
    await tx.query(
      'UPDATE claims SET balance_cents = balance_cents + $2 WHERE claim_id = (SELECT claim_id FROM charges WHERE charge_id = $1)',
      [chargeID, amountCents],
    );
    return row!.id;
  });
}

/** Marks the claim as sent to the payer, as a submission does. */
export async function markSubmitted(
  db: Db,
  claimID: number,
  claimStatusID: number = CLAIM_STATUS.submitted,
): Promise<void> {
  await db.query(
    'UPDATE claims SET submit_status_id = $2, claim_status_id = $3, submitted_at = $4 WHERE claim_id = $1',
    [claimID, SUBMIT_STATUS.submitted, claimStatusID, new Date('2026-02-01T12:00:00Z')],
  );
}

/**
 * Every way the claim's money could disagree with its ledger, worded; [] when it all holds:
 * each line's balance is its ledger's charges minus what it paid and adjusted (ledgerFigures.ts),
 * the claim's balance is the sum of its lines' and of its ledger rows, and its total is the sum
 * of the lines still billed.
 */
export async function balanceMismatches(db: Db, claimID: number): Promise<string[]> {
  const lines = await db.query<{ lineNumber: number; status: string; stored: number; derived: number }>(
    `SELECT ch.line_number::int AS "lineNumber", ch.charge_status AS "status", ch.balance_cents AS "stored",
            (${FIGURE_SQL.charges} - ${FIGURE_SQL.paid} - ${FIGURE_SQL.adjusted})::bigint AS "derived"
       FROM charges ch LEFT JOIN ledger_entries l ON l.charge_id = ch.charge_id ${REVERSED_ROW_JOIN}
      WHERE ch.claim_id = $1
      GROUP BY ch.charge_id ORDER BY ch.line_number`,
    [claimID],
  );
  const [claim] = await db.query<{
    balance: number;
    total: number;
    lineBalances: number;
    ledger: number;
    billed: number;
  }>(
    `SELECT c.balance_cents AS "balance", c.total_charge_cents AS "total",
            (SELECT coalesce(sum(balance_cents), 0) FROM charges WHERE claim_id = c.claim_id)::bigint AS "lineBalances",
            (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE claim_id = c.claim_id)::bigint AS "ledger",
            (SELECT coalesce(sum(charge_cents), 0) FROM charges WHERE claim_id = c.claim_id AND charge_status IN ('active', 'hold'))::bigint AS "billed"
       FROM claims c WHERE c.claim_id = $1`,
    [claimID],
  );
  if (!claim) return [`claim ${claimID} not found`];
  const problems = lines
    .filter((line) => line.stored !== line.derived)
    .map((line) => `line ${line.lineNumber} (${line.status}) balance ${line.stored}, ledger says ${line.derived}`);
  if (claim.balance !== claim.lineBalances)
    problems.push(`claim balance ${claim.balance}, lines add up to ${claim.lineBalances}`);
  if (claim.balance !== claim.ledger)
    problems.push(`claim balance ${claim.balance}, ledger rows add up to ${claim.ledger}`);
  if (claim.total !== claim.billed) problems.push(`claim total ${claim.total}, billed lines add up to ${claim.billed}`);
  return problems;
}

/** Everything a line status change, delete or void may write, to show that a refusal wrote nothing. */
export async function claimSnapshot(db: Db, claimID: number): Promise<Record<string, unknown>> {
  const [claim] = await db.query(
    `SELECT claim_status_id, scrub_status_id, submit_status_id, total_charge_cents, balance_cents, updated_at,
            (SELECT count(*)::int FROM scrub_results r WHERE r.claim_id = c.claim_id) AS findings,
            (SELECT count(*)::int FROM claim_events e WHERE e.claim_id = c.claim_id) AS events,
            (SELECT count(*)::int FROM ledger_entries l WHERE l.claim_id = c.claim_id) AS ledger_rows,
            (SELECT count(*)::int FROM charge_status_history h JOIN charges ch ON ch.charge_id = h.charge_id WHERE ch.claim_id = c.claim_id) AS history_rows
       FROM claims c WHERE c.claim_id = $1`,
    [claimID],
  );
  const lines = await db.query(
    'SELECT charge_id, charge_status, balance_cents FROM charges WHERE claim_id = $1 ORDER BY line_number',
    [claimID],
  );
  return { claim, lines };
}

/** A stored scrub that passed, with one finding, so a test can see it dropped. */
export async function markScrubbed(db: Db, claimID: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('UPDATE claims SET scrub_status_id = 2, claim_status_id = $2 WHERE claim_id = $1', [
      claimID,
      CLAIM_STATUS.readyToSubmit,
    ]);
    await tx.query(
      `INSERT INTO scrub_results (claim_id, rule_id, severity, field, message, sequence, fix)
       VALUES ($1, 'MODIFIER_59', 'warning', 'charges[0].modifiers', 'A warning.', 1, 'A fix.')`,
      [claimID],
    );
  });
}
