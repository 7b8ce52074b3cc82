/**
 * Test data for advance payments: every claim of a group gets two lines ($100 and $200) with
 * their 'charge' ledger rows and is left with the patient (Patient Balance), so books agree and
 * there is something to apply an advance to; and the one query that says where books disagree.
 */
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Db } from '../../db/types.ts';

export interface OurLine {
  chargeID: number;
  claimID: number;
  chargeCents: number;
}

export async function chargeLines(db: Db, groupId: number): Promise<OurLine[]> {
  await db.query(
    `INSERT INTO charges (claim_id, line_number, cpt_code, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
     SELECT c.claim_id, n, CASE WHEN n = 1 THEN '99213' ELSE '36415' END, 1, 10000 * n, c.dos_from, c.dos_to, 'A' || c.claim_id || '-' || n, 10000 * n
       FROM claims c CROSS JOIN generate_series(1, 2) AS n WHERE c.group_id = $1`,
    [groupId],
  );
  await db.query(
    `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
     SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, 'charge', ch.charge_cents, DATE '2026-01-15'
       FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE c.group_id = $1`,
    [groupId],
  );
  await db.query(`UPDATE claims SET total_charge_cents = 30000, balance_cents = 30000, claim_status_id = ${CLAIM_STATUS.patientBalance} WHERE group_id = $1`, [groupId]);
  return db.query<OurLine>(
    `SELECT ch.charge_id AS "chargeID", ch.claim_id AS "claimID", ch.charge_cents AS "chargeCents"
       FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE c.group_id = $1 ORDER BY ch.claim_id, ch.line_number`,
    [groupId],
  );
}

/**
 * Lines, claims and advances whose books disagree: a balance that is not its ledger's sum, or an
 * advance whose credit is negative or is not its deposit less applications, refunds and reversals.
 */
export async function booksDisagree(db: Db): Promise<unknown[]> {
  return db.query(
    `SELECT 'line' AS what, ch.charge_id AS id FROM charges ch
      WHERE ch.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.charge_id = ch.charge_id)
     UNION ALL
     SELECT 'claim', c.claim_id FROM claims c
      WHERE c.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.claim_id = c.claim_id)
         OR c.balance_cents <> (SELECT coalesce(sum(balance_cents), 0) FROM charges ch WHERE ch.claim_id = c.claim_id)
     UNION ALL
     SELECT 'advance', a.advance_payment_id FROM advance_payments a
      CROSS JOIN LATERAL (
        SELECT coalesce(-sum(l.amount_cents) FILTER (WHERE l.charge_id IS NULL), 0) AS credit,
               coalesce(-sum(l.amount_cents) FILTER (WHERE l.charge_id IS NOT NULL), 0) AS applied,
               coalesce(sum(l.amount_cents) FILTER (WHERE l.charge_id IS NULL AND l.entry_type = 'refund'), 0) AS refunded
          FROM ledger_entries l WHERE l.advance_payment_id = a.advance_payment_id) f
      WHERE f.credit < 0
         OR f.credit <> CASE WHEN a.status = 'reversed' THEN 0 ELSE a.amount_cents - f.applied - f.refunded END
         OR (a.status = 'reversed' AND f.applied <> 0)`,
  );
}
