/**
 * What changing a line's status, deleting a line and voiding an encounter share: the claim row
 * lock, the postings that keep a line on its claim, the month-end lock of a posting date, and
 * taking a line off the claim. The ledger is append-only, so a line comes off by a 'reversal'
 * row negating its 'charge' row; the line's balance goes to 0 and the claim's total and balance
 * follow in the same transaction, so balances stay equal to charges plus the ledger.
 */
import { CLAIM_STATUS, standsAsSent } from '../../../contract/claimStatus.ts';
import { monthName } from '../../../contract/months.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { Actor } from '../context.ts';
import { needsScrubAgain } from './claimEditing.ts';

/** A line's status in the database: 'deleted' lines are gone from every read. */
export type StoredChargeStatus = 'active' | 'hold' | 'void' | 'deleted';

export interface LockedClaim {
  claimID: number;
  practiceID: number;
  claimStatusID: number;
  scrubStatusID: number;
  submitStatusID: number;
  /** Sent at least once (submitted_at is set), whatever happened since. */
  everSubmitted: boolean;
}

export interface ClaimLine {
  chargeID: number;
  lineNumber: number;
  cptCode: string;
  status: StoredChargeStatus;
  chargeCents: number;
  balanceCents: number;
}

const CLAIM_COLUMNS = `c.claim_id AS "claimID", c.practice_id AS "practiceID", c.claim_status_id AS "claimStatusID",
       c.scrub_status_id AS "scrubStatusID", c.submit_status_id AS "submitStatusID", c.submitted_at IS NOT NULL AS "everSubmitted"`;

/**
 * The claim, locked for this transaction, when it lies in the data role. The claim row is the
 * lock every writer of the claim takes (edit, scrub, submit), so checks made under it hold.
 */
export async function lockClaim(tx: Queryable, claimID: number, scope: DataScope): Promise<LockedClaim | undefined> {
  const [claim] = await tx.query<LockedClaim>(
    `SELECT ${CLAIM_COLUMNS} FROM claims c WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[]) FOR NO KEY UPDATE OF c`,
    [claimID, scope.practiceIds],
  );
  return claim;
}

/** The claim of a line that still exists (not deleted), locked; undefined outside the data role. */
export async function lockClaimOfCharge(
  tx: Queryable,
  chargeID: number,
  scope: DataScope,
): Promise<LockedClaim | undefined> {
  const [claim] = await tx.query<LockedClaim>(
    `SELECT ${CLAIM_COLUMNS}
       FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
      WHERE ch.charge_id = $1 AND ch.charge_status <> 'deleted' AND c.practice_id = ANY($2::bigint[])
        FOR NO KEY UPDATE OF c`,
    [chargeID, scope.practiceIds],
  );
  return claim;
}

/** The claim's lines that still exist, in line order; only `chargeIDs` when given. */
export async function claimLines(q: Queryable, claimID: number, chargeIDs?: readonly number[]): Promise<ClaimLine[]> {
  return q.query<ClaimLine>(
    `SELECT charge_id AS "chargeID", line_number::int AS "lineNumber", cpt_code AS "cptCode", charge_status AS "status",
            charge_cents AS "chargeCents", balance_cents AS "balanceCents"
       FROM charges
      WHERE claim_id = $1 AND charge_status <> 'deleted' AND ($2::bigint[] IS NULL OR charge_id = ANY($2::bigint[]))
      ORDER BY line_number, charge_id`,
    [claimID, chargeIDs ?? null],
  );
}

/** Why the claim's lines cannot change now, or null when they can (the same words as a charge edit). */
export function linesLockedBy(claim: LockedClaim): string | null {
  if (claim.claimStatusID === CLAIM_STATUS.void)
    return `Claim ${claim.claimID} is void: its charges cannot be changed.`;
  if (claim.claimStatusID === CLAIM_STATUS.closed)
    return `Claim ${claim.claimID} is closed: its charges cannot be changed.`;
  if (standsAsSent(claim.claimStatusID, claim.submitStatusID))
    return `Claim ${claim.claimID} has been submitted: its charges stay as sent until the claim is rejected or corrected.`;
  return null;
}

/**
 * Lines of `chargeIDs` with money posted that still stands: a payment or adjustment that no
 * reversal has undone. Zero-amount markers (a denial, the patient's share) move no money and do
 * not count; neither does the line's own 'charge' row.
 */
export async function linesWithPostings(q: Queryable, chargeIDs: readonly number[]): Promise<Set<number>> {
  if (chargeIDs.length === 0) return new Set();
  const rows = await q.query<{ chargeID: number }>(
    `SELECT DISTINCT l.charge_id AS "chargeID"
       FROM ledger_entries l
      WHERE l.charge_id = ANY($1::bigint[]) AND l.entry_type <> 'charge' AND l.amount_cents <> 0 AND l.reverses_ledger_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)`,
    [chargeIDs],
  );
  return new Set(rows.map((row) => row.chargeID));
}

/** The month of `postingDate` ("February 2026") when the practice has locked it for month-end, else null. */
export async function lockedMonth(q: Queryable, practiceID: number, postingDate: string): Promise<string | null> {
  const [locked] = await q.query(
    `SELECT 1 FROM month_end_locks WHERE practice_id = $1 AND month_start = date_trunc('month', $2::date)::date`,
    [practiceID, postingDate],
  );
  return locked ? monthName(postingDate) : null;
}

/**
 * Takes one line off its claim: a reversal of each of its 'charge' rows not reversed yet, the
 * line's balance to 0, its new status and a history row. The caller has checked that no posting
 * stands on the line, so the reversal leaves its ledger at 0. Returns the cents reversed.
 */
export async function takeLineOff(
  tx: Queryable,
  actor: Actor,
  line: ClaimLine,
  to: 'void' | 'deleted',
  postingDate: string,
  note: string,
  now: Date,
): Promise<number> {
  const reversed = await tx.query<{ cents: number }>(
    `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, reverses_ledger_id, posting_date, note, created_by, created_at)
     SELECT l.group_id, l.practice_id, l.patient_id, l.claim_id, l.charge_id, 'reversal', -l.amount_cents, l.ledger_id, $2, $3, $4, $5
       FROM ledger_entries l
      WHERE l.charge_id = $1 AND l.entry_type = 'charge'
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
     RETURNING -amount_cents AS cents`,
    [line.chargeID, postingDate, note, actor.userId, now],
  );
  await tx.query('UPDATE charges SET charge_status = $2, balance_cents = 0 WHERE charge_id = $1', [line.chargeID, to]);
  await recordStatusChange(tx, actor, line.chargeID, line.status, to, now);
  return reversed.reduce((sum, row) => sum + row.cents, 0);
}

export async function recordStatusChange(
  tx: Queryable,
  actor: Actor,
  chargeID: number,
  from: StoredChargeStatus,
  to: StoredChargeStatus,
  now: Date,
): Promise<void> {
  await tx.query(
    'INSERT INTO charge_status_history (charge_id, from_status, to_status, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5)',
    [chargeID, from, to, actor.userId, now],
  );
}

/**
 * After lines came off: the claim's total is the sum of the lines still billed (not void, not
 * deleted), its balance loses what those lines owed, and it needs scrubbing again.
 */
export async function settleClaimAfterLinesOff(
  tx: Queryable,
  claimID: number,
  balanceTakenOff: number,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE claims
        SET total_charge_cents = (SELECT coalesce(sum(ch.charge_cents), 0) FROM charges ch WHERE ch.claim_id = $1 AND ch.charge_status IN ('active', 'hold')),
            balance_cents = balance_cents - $2
      WHERE claim_id = $1`,
    [claimID, balanceTakenOff],
  );
  await needsScrubAgain(tx, claimID, now);
}
