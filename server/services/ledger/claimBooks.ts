/**
 * A claim's books, read under lock before any money moves: the claim row and its lines taken
 * (FOR NO KEY UPDATE, claims in id order so two writers never wait on each other in a circle),
 * limited to the data role's practices, and checked against the ledger; and the month-end locks
 * that refuse a posting date in a closed month. Every writer of claim money starts here.
 */
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { monthName } from '../../../contract/months.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import type { PlannedClaim } from '../era/postingPlan.ts';
import { FIGURE_SQL } from './ledgerFigures.ts';

export interface LockedClaim {
  claimId: number;
  groupId: number;
  practiceId: number;
  claimStatusId: number;
  balanceCents: number;
}

/** A line of a locked claim: its balance and status, in line order. */
export interface LockedLine {
  chargeId: number;
  lineNumber: number;
  chargeStatus: string;
  balanceCents: number;
  claimId: number;
}

export interface ClaimBooks {
  claim: LockedClaim;
  /** In line order. */
  lines: LockedLine[];
  /** Whether the claim's balance, its lines' balances and its ledger rows all agree. */
  agrees: boolean;
}

/** "October 2026" for 2026-10-15: the contract's one month formatter, offered here to the writers that lock claim books. */
export { monthName };

/** The first day of the month of a YYYY-MM-DD day, as month_end_locks keys it. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/**
 * Locks the claims (in id order, so two runs never wait on each other in a circle) and their
 * lines, limited to the practices given, and reads what the ledger says of each. Writers of a
 * claim's money take the claim row first, so nothing moves between this read and the posting.
 */
export async function lockClaimBooks(
  q: Queryable,
  claimIds: readonly number[],
  practiceIds: readonly number[],
): Promise<Map<number, ClaimBooks>> {
  const claims = await q.query<LockedClaim>(
    `SELECT claim_id AS "claimId", group_id AS "groupId", practice_id AS "practiceId", claim_status_id AS "claimStatusId", balance_cents AS "balanceCents"
       FROM claims WHERE claim_id = ANY($1::bigint[]) AND practice_id = ANY($2::bigint[])
      ORDER BY claim_id
        FOR NO KEY UPDATE`,
    [claimIds, practiceIds],
  );
  const books = new Map<number, ClaimBooks>();
  if (claims.length === 0) return books;
  const ids = claims.map((claim) => claim.claimId);
  const lines = await q.query<LockedLine & { ledgerCents: number }>(
    `SELECT ch.charge_id AS "chargeId", ch.claim_id AS "claimId", ch.line_number::int AS "lineNumber", ch.charge_status AS "chargeStatus",
            ch.balance_cents AS "balanceCents",
            (SELECT ${FIGURE_SQL.balance} FROM ledger_entries l WHERE l.charge_id = ch.charge_id) AS "ledgerCents"
       FROM charges ch WHERE ch.claim_id = ANY($1::bigint[])
      ORDER BY ch.claim_id, ch.line_number, ch.charge_id
        FOR NO KEY UPDATE OF ch`,
    [ids],
  );
  const ledger = await q.query<{ claimId: number; cents: number }>(
    `SELECT l.claim_id AS "claimId", ${FIGURE_SQL.balance} AS cents FROM ledger_entries l WHERE l.claim_id = ANY($1::bigint[]) GROUP BY l.claim_id`,
    [ids],
  );
  const ledgerByClaim = new Map(ledger.map((row) => [row.claimId, row.cents]));
  for (const claim of claims) books.set(claim.claimId, { claim, lines: [], agrees: true });
  for (const { ledgerCents, ...line } of lines) {
    const book = books.get(line.claimId);
    if (!book) continue;
    book.lines.push(line);
    if (ledgerCents !== line.balanceCents) book.agrees = false;
  }
  for (const book of books.values()) {
    const linesCents = book.lines.reduce((sum, line) => sum + line.balanceCents, 0);
    if (
      linesCents !== book.claim.balanceCents ||
      (ledgerByClaim.get(book.claim.claimId) ?? 0) !== book.claim.balanceCents
    )
      book.agrees = false;
  }
  return books;
}

/** The (group, practice) pairs whose month of `postingDate` is locked, as "group:practice". */
export async function lockedPractices(
  q: Queryable,
  claims: readonly LockedClaim[],
  postingDate: string,
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await q.query<{ groupId: number; practiceId: number }>(
    `SELECT group_id AS "groupId", practice_id AS "practiceId" FROM month_end_locks
      WHERE month_start = $1::date AND practice_id = ANY($2::bigint[])`,
    [monthStart(postingDate), [...new Set(claims.map((claim) => claim.practiceId))]],
  );
  return new Set(rows.map((row) => `${row.groupId}:${row.practiceId}`));
}

export function isLocked(locked: ReadonlySet<string>, claim: LockedClaim): boolean {
  return locked.has(`${claim.groupId}:${claim.practiceId}`);
}

/**
 * Refuses (400) a change dated in a month closed for any of `claims`: the change touches them all
 * in one transaction, so one closed month stops it. `refusal` words it for the first such claim.
 */
export async function refuseClosedMonths(
  q: Queryable,
  claims: readonly LockedClaim[],
  postingDate: string,
  refusal: (claim: LockedClaim) => string,
): Promise<void> {
  const locked = await lockedPractices(q, claims, postingDate);
  const closed = claims.find((claim) => isLocked(locked, claim));
  if (closed) throw new BadRequestError(refusal(closed));
}

/** The usual refusal of a posting dated in a closed month. */
export const postInAnOpenMonth = (postingDate: string) =>
  `${monthName(postingDate)} is closed (month-end lock); post with a date in an open month.`;

/**
 * A claim after patient money (a payment, an advance applied) lowered its balance to
 * `balanceAfter`: a patient balance paid off is Paid; any other status stays.
 */
export function claimAfterPatientMoney(claim: LockedClaim, balanceAfter: number): PlannedClaim {
  const statusAfter =
    balanceAfter === 0 && claim.claimStatusId === CLAIM_STATUS.patientBalance ? CLAIM_STATUS.paid : claim.claimStatusId;
  return {
    claimID: claim.claimId,
    statusBefore: claim.claimStatusId,
    statusAfter,
    balanceAfterCents: balanceAfter,
    paidCents: 0,
  };
}
