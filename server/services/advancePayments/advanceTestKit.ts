/**
 * Test data for advance payments: every claim of a group gets two lines ($100 and $200) with
 * their 'charge' ledger rows and is left with the patient (Patient Balance), so books agree and
 * there is something to apply an advance to; and the one query that says where books disagree.
 */
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Db } from '../../db/types.ts';
import { giveTwoLines } from '../../test/twoLineClaims.ts';

export interface OurLine {
  chargeID: number;
  claimID: number;
  chargeCents: number;
}

export async function chargeLines(db: Db, groupId: number): Promise<OurLine[]> {
  await giveTwoLines(db, groupId, { claimStatus: CLAIM_STATUS.patientBalance, lineControlPrefix: 'A' });
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
