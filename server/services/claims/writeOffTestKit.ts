/**
 * Ledger fixtures for the write-off and financial-summary tests. The scrub fixtures insert charges
 * without ledger rows; these add the 'charge' rows and post payments the way a posting would
 * (ledger row, line and claim balance together), and read back whether the books still agree.
 */
import type { Db } from '../../db/types.ts';
import { createScrubTestData, type ClaimSpec, type ScrubTestData } from '../scrub/scrubTestData.ts';

export interface LedgerTestData extends ScrubTestData {
  /** A claim whose lines each have their 'charge' ledger row, so balance = charge + ledger. */
  insertBilledClaim(spec: ClaimSpec): Promise<{ claimID: number; chargeIDs: number[] }>;
}

export async function createLedgerTestData(db: Db, name: string): Promise<LedgerTestData> {
  const data = await createScrubTestData(db, name);
  async function insertBilledClaim(spec: ClaimSpec): Promise<{ claimID: number; chargeIDs: number[] }> {
    if (spec.lines.some((line) => line.status === 'void'))
      throw new Error('Billed test claims have no void lines: a void line needs its reversal.');
    const claim = await data.insertClaim(spec);
    await db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
       SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, 'charge', ch.charge_cents, c.dos_from
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE c.claim_id = $1 ORDER BY ch.line_number`,
      [claim.claimID],
    );
    return claim;
  }
  return { ...data, insertBilledClaim };
}

export type PaymentType = 'insurance_payment' | 'patient_payment' | 'contractual_adjustment';

/** Posts a credit on one line: the ledger row and both balances in one transaction. */
export async function postCredit(
  db: Db,
  chargeID: number,
  entryType: PaymentType,
  cents: number,
  postingDate = '2026-03-01',
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, adjustment_group_code, reason_code, posting_date)
       SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, $2, -$3::bigint,
              CASE WHEN $2 = 'contractual_adjustment' THEN 'CO' END, CASE WHEN $2 = 'contractual_adjustment' THEN '45' END, $4
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE ch.charge_id = $1`,
      [chargeID, entryType, cents, postingDate],
    );
    await tx.query('UPDATE charges SET balance_cents = balance_cents - $2 WHERE charge_id = $1', [chargeID, cents]);
    await tx.query(
      'UPDATE claims SET balance_cents = balance_cents - $2 WHERE claim_id = (SELECT claim_id FROM charges WHERE charge_id = $1)',
      [chargeID, cents],
    );
  });
}

export interface Books {
  claimBalance: number;
  lines: { chargeID: number; balance: number; charge: number; ledger: number }[];
  /** Sum of every ledger row of the claim. */
  claimLedger: number;
}

export async function booksOf(db: Db, claimID: number): Promise<Books> {
  const [claim] = await db.query<{ balance: number; ledger: number }>(
    `SELECT balance_cents AS balance, (SELECT coalesce(sum(amount_cents), 0)::bigint FROM ledger_entries l WHERE l.claim_id = c.claim_id) AS ledger
       FROM claims c WHERE claim_id = $1`,
    [claimID],
  );
  const lines = await db.query<{ chargeID: number; balance: number; charge: number; ledger: number }>(
    `SELECT charge_id AS "chargeID", balance_cents AS balance, charge_cents AS charge,
            (SELECT coalesce(sum(amount_cents), 0)::bigint FROM ledger_entries l WHERE l.charge_id = ch.charge_id) AS ledger
       FROM charges ch WHERE claim_id = $1 ORDER BY line_number`,
    [claimID],
  );
  if (!claim) throw new Error(`No claim ${claimID}.`);
  return { claimBalance: claim.balance, claimLedger: claim.ledger, lines };
}

/** Everything a write-off may touch on a claim, to show a refused one touched nothing. */
export async function claimSnapshot(db: Db, claimID: number): Promise<unknown> {
  const [claim] = await db.query('SELECT balance_cents, claim_status_id, updated_at FROM claims WHERE claim_id = $1', [
    claimID,
  ]);
  const charges = await db.query(
    'SELECT charge_id, balance_cents FROM charges WHERE claim_id = $1 ORDER BY charge_id',
    [claimID],
  );
  const ledger = await db.query('SELECT ledger_id FROM ledger_entries WHERE claim_id = $1 ORDER BY ledger_id', [
    claimID,
  ]);
  const events = await db.query('SELECT claim_event_id FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id', [
    claimID,
  ]);
  const audits = await db.query(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'claims.writeOff' AND record_id = $1`,
    [String(claimID)],
  );
  return { claim, charges, ledger, events, audits };
}
