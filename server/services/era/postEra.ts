/**
 * Posting an ERA check (postInsurancePayment) and the check before it (getPostingValidationErrors).
 * A check posts whole or not at all, in one transaction: the check row is taken first (a second
 * biller posting the same check waits, then finds it posted), then the matched claims in id order
 * with their lines, as every writer of a claim's money does; the ledger rows, the lines' and
 * claims' balances, the claims' statuses and their DNA events are written set-based.
 */
import { ERA_POSTED, type PostInsurancePaymentQuery, type PostInsurancePaymentReply, type PostingValidationReply } from '../../../contract/era.ts';
import type { Db, Queryable, Transaction } from '../../db/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { isLocked, lockClaimBooks, lockedPractices, monthName } from '../claims/writeOffPosting.ts';
import { todayOf } from '../claims/writeOff.ts';
import type { Actor } from '../context.ts';
import { groupBy, ownerKey } from './groupRows.ts';
import { planEraPosting, type ClaimBook, type PlanClaim, type PostedRow, type PostingPlan } from './postingPlan.ts';

interface CheckRow {
  eraCheckID: number;
  status: string;
  imbalances: { message: string }[];
}

async function readCheck(q: Queryable, scope: DataScope, eraCheckID: number, lock: boolean): Promise<CheckRow> {
  const [check] = await q.query<CheckRow>(
    `SELECT era_check_id AS "eraCheckID", status, imbalances FROM era_checks
      WHERE era_check_id = $1 AND group_id = ANY($2::bigint[]) AND status <> 'deleted'${lock ? ' FOR UPDATE' : ''}`,
    [eraCheckID, scope.groupIds],
  );
  if (!check) throw new NotFoundError('ERA check not found.');
  return check;
}

async function readClaims(q: Queryable, eraCheckID: number): Promise<PlanClaim[]> {
  const claims = await q.query<Omit<PlanClaim, 'adjustments' | 'lines'>>(
    `SELECT era_claim_id AS "eraClaimID", claim_id AS "claimID", patient_control_number AS "patientControlNumber", status_code AS "statusCode", paid_cents AS "paidCents"
       FROM era_claims WHERE era_check_id = $1 ORDER BY era_claim_id`,
    [eraCheckID],
  );
  const lines = await q.query<{ eraClaimID: number; eraLineID: number; chargeID: number | null; chargeCents: number; paidCents: number }>(
    `SELECT l.era_claim_id AS "eraClaimID", l.era_line_id AS "eraLineID", l.charge_id AS "chargeID", l.billed_cents AS "chargeCents", l.paid_cents AS "paidCents"
       FROM era_lines l JOIN era_claims c ON c.era_claim_id = l.era_claim_id WHERE c.era_check_id = $1 ORDER BY l.era_line_id`,
    [eraCheckID],
  );
  const adjustments = await q.query<{ eraClaimID: number; eraLineID: number | null; group: string; reason: string; cents: number }>(
    `SELECT a.era_claim_id AS "eraClaimID", a.era_line_id AS "eraLineID", a.group_code AS "group", a.reason_code AS reason, a.amount_cents AS cents
       FROM era_adjustments a JOIN era_claims c ON c.era_claim_id = a.era_claim_id WHERE c.era_check_id = $1 ORDER BY a.era_adjustment_id`,
    [eraCheckID],
  );
  const grouped = groupBy(adjustments, (row) => ownerKey(row.eraClaimID, row.eraLineID));
  const adjustmentsOf = (eraClaimID: number, eraLineID: number | null) => (grouped.get(ownerKey(eraClaimID, eraLineID)) ?? []).map(({ group, reason, cents }) => ({ group, reason, cents }));
  const linesOf = groupBy(lines, (line) => line.eraClaimID);
  return claims.map((claim) => ({
    ...claim,
    adjustments: adjustmentsOf(claim.eraClaimID, null),
    lines: (linesOf.get(claim.eraClaimID) ?? []).map(({ eraClaimID: _claim, ...line }) => ({ ...line, adjustments: adjustmentsOf(claim.eraClaimID, line.eraLineID) })),
  }));
}

/** ERA rows already posted on these charges and not reversed yet: what a reversal negates. */
async function postedRows(q: Queryable, chargeIDs: readonly number[]): Promise<PostedRow[]> {
  if (chargeIDs.length === 0) return [];
  return q.query<PostedRow>(
    `SELECT l.ledger_id AS "ledgerID", l.charge_id AS "chargeID", l.entry_type AS "entryType", l.amount_cents AS "amountCents"
       FROM ledger_entries l
      WHERE l.charge_id = ANY($1::bigint[]) AND l.era_check_id IS NOT NULL
        AND l.entry_type IN ('insurance_payment', 'contractual_adjustment', 'adjustment')
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
      ORDER BY l.ledger_id`,
    [chargeIDs],
  );
}

interface Planned {
  check: CheckRow;
  plan: PostingPlan;
  books: Awaited<ReturnType<typeof lockClaimBooks>>;
}

async function planCheck(tx: Transaction, scope: DataScope, eraCheckID: number, postingDate: string): Promise<Planned> {
  const check = await readCheck(tx, scope, eraCheckID, true);
  const claims = await readClaims(tx, eraCheckID);
  const claimIDs = [...new Set(claims.flatMap((claim) => (claim.claimID === null ? [] : [claim.claimID])))].sort((left, right) => left - right);
  const books = await lockClaimBooks(tx, claimIDs, scope.practiceIds);
  const planBooks = new Map<number, ClaimBook>(
    [...books.values()].map((book) => [
      book.claim.claimId,
      {
        claimID: book.claim.claimId,
        claimStatusID: book.claim.claimStatusId,
        balanceCents: book.claim.balanceCents,
        lines: book.lines.filter((line) => line.chargeStatus !== 'void' && line.chargeStatus !== 'deleted').map((line) => ({ chargeID: line.chargeId, balanceCents: line.balanceCents })),
      },
    ]),
  );
  const posted = await postedRows(tx, [...books.values()].flatMap((book) => book.lines.map((line) => line.chargeId)));
  const plan = planEraPosting(claims, planBooks, posted, check.imbalances.map((imbalance) => imbalance.message));
  for (const book of books.values()) if (!book.agrees) plan.errors.push(`Claim ${book.claim.claimId}'s balance does not agree with its ledger; ask support to check it.`);
  const locked = await lockedPractices(tx, [...books.values()].map((book) => book.claim), postingDate);
  for (const book of books.values()) if (isLocked(locked, book.claim)) plan.errors.push(`Claim ${book.claim.claimId}: ${monthName(postingDate)} is closed (month-end lock); post with a date in an open month.`);
  return { check, plan, books };
}

export async function postingValidation(db: Db, scope: DataScope, eraCheckID: number, now: Date): Promise<PostingValidationReply> {
  return db.transaction(async (tx) => {
    const { check, plan } = await planCheck(tx, scope, eraCheckID, todayOf(now));
    const errors = check.status === 'posted' ? ['This ERA check is already posted.', ...plan.errors] : plan.errors;
    return { errors, warnings: plan.warnings };
  });
}

export async function postEraCheck(db: Db, actor: Actor, scope: DataScope, query: PostInsurancePaymentQuery, now: Date): Promise<PostInsurancePaymentReply> {
  if (query.postingID !== undefined) throw new BadRequestError('A check posts whole: leave out postingID and post the ERA check.');
  const postingDate = query.postingDate ?? todayOf(now);
  if (postingDate > todayOf(now)) throw new BadRequestError(`The posting date ${postingDate} is in the future.`);
  return db.transaction(async (tx) => {
    const { check, plan, books } = await planCheck(tx, scope, query.eraCheckID, postingDate);
    if (check.status === 'posted') throw new ConflictError('This ERA check is already posted; nothing was posted again.');
    if (plan.errors.length > 0) throw new BadRequestError(`Nothing was posted: ${plan.errors.join(' ')}`);
    if (plan.warnings.length > 0 && query.bypassWarningsID !== 1) throw new BadRequestError(`Posting needs your confirmation: ${plan.warnings.join(' ')}`);
    await writePosting(tx, plan, { eraCheckID: query.eraCheckID, postingDate, actor, now, event: 'ERA posted' });
    const { rows, claims } = plan;
    await tx.query("UPDATE era_checks SET status = 'posted', posted_at = $2, posted_by = $3 WHERE era_check_id = $1", [query.eraCheckID, now, actor.userId]);
    const paid = claims.reduce((sum, claim) => sum + claim.paidCents, 0);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'era.post',
      recordType: 'era_check',
      recordId: query.eraCheckID,
      source: actor.source,
      ip: actor.ip,
      detail: { claims: claims.length, ledgerRows: rows.length, paidCents: paid, postingDate, warningsAccepted: plan.warnings, lockedClaims: books.size },
    });
    return { message: ERA_POSTED, pkid: 1, claims: claims.length, paid, warningsAccepted: plan.warnings };
  });
}

export interface PostingWrite {
  /** The ERA check posted, or null for a payment keyed from a paper EOB. */
  eraCheckID: number | null;
  /** The check or EOB reference a paper payment names. */
  reference?: string;
  /** The payment batch the money was deposited with, when the biller posts from one. */
  paymentBatchID?: number | null;
  postingDate: string;
  actor: Actor;
  now: Date;
  /** The DNA event each claim gets. */
  event: string;
  /** The advance payment the rows draw on (its applications and their reversals), so its credit can be read back from the ledger. */
  advancePaymentID?: number;
}

/**
 * Writes a posting plan inside the caller's transaction, claims already locked: its ledger rows
 * set-based in plan order, the lines' and claims' balances moved by the same cents, the claims'
 * statuses and one DNA event a claim. ERA checks and paper EOBs post through here alike.
 */
export async function writePosting(tx: Transaction, plan: PostingPlan, context: PostingWrite): Promise<void> {
  const { rows } = plan;
  if (rows.length > 0) {
    await tx.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, adjustment_group_code, reason_code,
                                   era_check_id, era_line_id, reverses_ledger_id, posting_date, note, created_by, created_at, advance_payment_id, payment_batch_id)
       SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, d.charge_id, d.entry_type, d.amount, d.group_code, d.reason_code,
              $10, d.era_line_id, d.reverses, $11::date, d.note, $12, $13, $14, $15
         FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::text[]) WITH ORDINALITY
              AS d (claim_id, charge_id, entry_type, amount, group_code, reason_code, era_line_id, reverses, note, position)
         JOIN claims c ON c.claim_id = d.claim_id
        ORDER BY d.position`,
      [
        rows.map((row) => row.claimID),
        rows.map((row) => row.chargeID),
        rows.map((row) => row.entryType),
        rows.map((row) => row.amountCents),
        rows.map((row) => row.group),
        rows.map((row) => row.reason),
        rows.map((row) => row.eraLineID),
        rows.map((row) => row.reversesLedgerID),
        rows.map((row) => row.note),
        context.eraCheckID,
        context.postingDate,
        context.actor.userId,
        context.now,
        context.advancePaymentID ?? null,
        context.paymentBatchID ?? null,
      ],
    );
    const byCharge = new Map<number, number>();
    for (const row of rows) byCharge.set(row.chargeID, (byCharge.get(row.chargeID) ?? 0) + row.amountCents);
    await tx.query(
      `UPDATE charges ch SET balance_cents = ch.balance_cents + d.cents FROM unnest($1::bigint[], $2::bigint[]) AS d (charge_id, cents) WHERE ch.charge_id = d.charge_id`,
      [[...byCharge.keys()], [...byCharge.values()]],
    );
  }
  const claims = plan.claims;
  if (claims.length > 0) {
    await tx.query(
      `UPDATE claims c SET balance_cents = d.balance, claim_status_id = d.status_id, updated_at = $4
         FROM unnest($1::bigint[], $2::bigint[], $3::smallint[]) AS d (claim_id, balance, status_id) WHERE c.claim_id = d.claim_id`,
      [claims.map((claim) => claim.claimID), claims.map((claim) => claim.balanceAfterCents), claims.map((claim) => claim.statusAfter), context.now],
    );
    await tx.query(
      `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
       SELECT d.claim_id, $3, $6, $4, d.detail::jsonb, $5 FROM unnest($1::bigint[], $2::text[]) AS d (claim_id, detail)`,
      [
        claims.map((claim) => claim.claimID),
        claims.map((claim) =>
          JSON.stringify({ eraCheckID: context.eraCheckID, ...(context.paymentBatchID ? { paymentBatchID: context.paymentBatchID } : {}), reference: context.reference ?? null, paidCents: claim.paidCents, balanceAfterCents: claim.balanceAfterCents, postingDate: context.postingDate, ...(claim.statusAfter === claim.statusBefore ? {} : { claimStatus: { from: claim.statusBefore, to: claim.statusAfter } }) }),
        ),
        context.actor.userId,
        context.actor.source,
        context.now,
        context.event,
      ],
    );
  }
}
