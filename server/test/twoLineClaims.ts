/**
 * Gives every claim of a group two lines ($100 and $200) with their 'charge' ledger rows, and
 * the claim its $300 total and balance in `claimStatus`, so a suite's books agree before it posts.
 */
import type { Db } from '../db/types.ts';

export interface TwoLineClaims {
  claimStatus: number;
  /** Starts each line control number, so two suites' lines tell apart in a failure. */
  lineControlPrefix: string;
}

export async function giveTwoLines(
  db: Db,
  groupID: number,
  { claimStatus, lineControlPrefix }: TwoLineClaims,
): Promise<void> {
  await db.query(
    `INSERT INTO charges (claim_id, line_number, cpt_code, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
     SELECT c.claim_id, n, CASE WHEN n = 1 THEN '99213' ELSE '36415' END, 1, 10000 * n, c.dos_from, c.dos_to, $2::text || c.claim_id || '-' || n, 10000 * n
       FROM claims c CROSS JOIN generate_series(1, 2) AS n WHERE c.group_id = $1`,
    [groupID, lineControlPrefix],
  );
  await db.query(
    `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
     SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, 'charge', ch.charge_cents, DATE '2026-01-15'
       FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE c.group_id = $1`,
    [groupID],
  );
  await db.query(
    'UPDATE claims SET total_charge_cents = 30000, balance_cents = 30000, claim_status_id = $2 WHERE group_id = $1',
    [groupID, claimStatus],
  );
}
