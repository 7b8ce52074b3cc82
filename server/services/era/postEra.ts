/**
 * Posting an ERA check (postInsurancePayment) and the check before it (getPostingValidationErrors).
 * One transaction: the check row is taken first (a second biller posting the same check waits,
 * then finds nothing left to post), then the matched claims in id order with their lines, as every
 * writer of a claim's money does. The check's matched claims post (postingPlan.ts says how); the
 * others stay in the queue, linkable and postable later, and the check is 'partial' until they are.
 */
import {
  ERA_POSTED,
  type PostInsurancePaymentQuery,
  type PostInsurancePaymentReply,
  type PostingValidationReply,
} from '../../../contract/era.ts';
import { CLAIM_PROVIDER_ADJUSTMENTS } from '../../../contract/postingRules.ts';
import type { Db, Queryable, Transaction } from '../../db/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { isLocked, lockClaimBooks, lockedPractices, monthName } from '../ledger/claimBooks.ts';
import { todayOf } from '../claims/writeOff.ts';
import type { Actor } from '../context.ts';
import { writePosting } from '../ledger/writePosting.ts';
import { findOriginals } from './findOriginals.ts';
import { groupBy, ownerKey } from './groupRows.ts';
import {
  planRemits,
  type ClaimBook,
  type ClaimProviderAdjustment,
  type PlanClaim,
  type RemitPlan,
} from './postingPlan.ts';
import { holdEraClaims } from './holdEraClaims.ts';

interface CheckRow {
  eraCheckID: number;
  status: string;
  payerIdentifier: string;
  insuranceID: number | null;
  imbalances: { message: string }[];
}

async function readCheck(q: Queryable, scope: DataScope, eraCheckID: number, lock: boolean): Promise<CheckRow> {
  const [check] = await q.query<CheckRow>(
    `SELECT era_check_id AS "eraCheckID", status, payer_identifier AS "payerIdentifier", insurance_id AS "insuranceID", imbalances FROM era_checks
      WHERE era_check_id = $1 AND group_id = ANY($2::bigint[]) AND status <> 'deleted'${lock ? ' FOR UPDATE' : ''}`,
    [eraCheckID, scope.groupIds],
  );
  if (!check) throw new NotFoundError('ERA check not found.');
  return check;
}

export interface UnpostedClaim extends PlanClaim {
  eraClaimID: number;
  payerClaimControlNumber: string | null;
  originalReference: string | null;
  chargeCents: number;
}

/** The check's ERA claims not posted yet, in file order, with their lines and adjustments. */
async function readUnposted(q: Queryable, eraCheckID: number): Promise<UnpostedClaim[]> {
  const claims = await q.query<Omit<UnpostedClaim, 'adjustments' | 'lines'>>(
    `SELECT era_claim_id AS "eraClaimID", claim_id AS "claimID", patient_control_number AS "patientControlNumber", status_code AS "statusCode",
            paid_cents AS "paidCents", billed_cents AS "chargeCents", payer_claim_control_number AS "payerClaimControlNumber", original_reference AS "originalReference",
            interest_cents AS "interestCents"
       FROM era_claims WHERE era_check_id = $1 AND posted_at IS NULL ORDER BY era_claim_id`,
    [eraCheckID],
  );
  const lines = await q.query<{
    eraClaimID: number;
    eraLineID: number;
    chargeID: number | null;
    chargeCents: number;
    paidCents: number;
  }>(
    `SELECT l.era_claim_id AS "eraClaimID", l.era_line_id AS "eraLineID", l.charge_id AS "chargeID", l.billed_cents AS "chargeCents", l.paid_cents AS "paidCents"
       FROM era_lines l JOIN era_claims c ON c.era_claim_id = l.era_claim_id WHERE c.era_check_id = $1 AND c.posted_at IS NULL ORDER BY l.era_line_id`,
    [eraCheckID],
  );
  const adjustments = await q.query<{
    eraClaimID: number;
    eraLineID: number | null;
    group: string;
    reason: string;
    cents: number;
  }>(
    `SELECT a.era_claim_id AS "eraClaimID", a.era_line_id AS "eraLineID", a.group_code AS "group", a.reason_code AS reason, a.amount_cents AS cents
       FROM era_adjustments a JOIN era_claims c ON c.era_claim_id = a.era_claim_id WHERE c.era_check_id = $1 AND c.posted_at IS NULL ORDER BY a.era_adjustment_id`,
    [eraCheckID],
  );
  const grouped = groupBy(adjustments, (row) => ownerKey(row.eraClaimID, row.eraLineID));
  const adjustmentsOf = (eraClaimID: number, eraLineID: number | null) =>
    (grouped.get(ownerKey(eraClaimID, eraLineID)) ?? []).map(({ group, reason, cents }) => ({ group, reason, cents }));
  const linesOf = groupBy(lines, (line) => line.eraClaimID);
  return claims.map((claim) => ({
    ...claim,
    adjustments: adjustmentsOf(claim.eraClaimID, null),
    lines: (linesOf.get(claim.eraClaimID) ?? []).map(({ eraClaimID: _claim, ...line }) => ({
      ...line,
      adjustments: adjustmentsOf(claim.eraClaimID, line.eraLineID),
    })),
  }));
}

/** Provider-level adjustments of the check that name one of our claims and are not posted yet. */
async function readClaimProviderAdjustments(q: Queryable, eraCheckID: number): Promise<ClaimProviderAdjustment[]> {
  return q.query<ClaimProviderAdjustment>(
    `SELECT era_provider_adjustment_id AS "providerAdjustmentID", claim_id AS "claimID", reason_code AS reason, reference, amount_cents AS cents
       FROM era_provider_adjustments
      WHERE era_check_id = $1 AND claim_id IS NOT NULL AND posted_at IS NULL AND reason_code = ANY($2::text[])
      ORDER BY era_provider_adjustment_id`,
    [eraCheckID, Object.keys(CLAIM_PROVIDER_ADJUSTMENTS)],
  );
}

interface Planned {
  check: CheckRow;
  plan: RemitPlan;
  lockedClaims: number;
}

async function planCheck(tx: Transaction, scope: DataScope, eraCheckID: number, postingDate: string): Promise<Planned> {
  const check = await readCheck(tx, scope, eraCheckID, true);
  const claims = await readUnposted(tx, eraCheckID);
  const providerAdjustments = await readClaimProviderAdjustments(tx, eraCheckID);
  const claimIDs = [
    ...new Set([
      ...claims.flatMap((claim) => (claim.claimID === null ? [] : [claim.claimID])),
      ...providerAdjustments.map((adjustment) => adjustment.claimID),
    ]),
  ].sort((left, right) => left - right);
  const books = await lockClaimBooks(tx, claimIDs, scope.practiceIds);
  const chargeCents = new Map(
    (
      await tx.query<{ chargeID: number; cents: number }>(
        'SELECT charge_id AS "chargeID", charge_cents AS cents FROM charges WHERE claim_id = ANY($1::bigint[])',
        [[...books.keys()]],
      )
    ).map((row) => [row.chargeID, row.cents]),
  );
  const planBooks = new Map<number, ClaimBook>(
    [...books.values()].map((book) => [
      book.claim.claimId,
      {
        claimID: book.claim.claimId,
        claimStatusID: book.claim.claimStatusId,
        balanceCents: book.claim.balanceCents,
        lines: book.lines
          .filter((line) => line.chargeStatus !== 'void' && line.chargeStatus !== 'deleted')
          .map((line) => ({
            chargeID: line.chargeId,
            balanceCents: line.balanceCents,
            chargeCents: chargeCents.get(line.chargeId) ?? line.balanceCents,
          })),
      },
    ]),
  );
  const originals = await findOriginals(
    tx,
    { payerIdentifier: check.payerIdentifier, insuranceID: check.insuranceID },
    claims,
  );
  const plan = planRemits({
    claims,
    books: planBooks,
    originals,
    imbalances: check.imbalances.map((imbalance) => imbalance.message),
    providerAdjustments: providerAdjustments.filter((adjustment) => books.has(adjustment.claimID)),
  });
  const touched = new Set(plan.claims.map((claim) => claim.claimID));
  for (const book of books.values())
    if (touched.has(book.claim.claimId) && !book.agrees)
      plan.errors.push(
        `Claim ${book.claim.claimId}'s balance does not agree with its ledger; ask support to check it.`,
      );
  const locked = await lockedPractices(
    tx,
    [...books.values()].map((book) => book.claim),
    postingDate,
  );
  for (const book of books.values())
    if (touched.has(book.claim.claimId) && isLocked(locked, book.claim))
      plan.errors.push(
        `Claim ${book.claim.claimId}: ${monthName(postingDate)} is closed (month-end lock); post with a date in an open month.`,
      );
  return { check, plan, lockedClaims: books.size };
}

const NOTHING_LEFT = 'This ERA check is already posted; nothing was posted again.';

export async function postingValidation(
  db: Db,
  scope: DataScope,
  eraCheckID: number,
  now: Date,
): Promise<PostingValidationReply> {
  return db.transaction(async (tx) => {
    const { check, plan } = await planCheck(tx, scope, eraCheckID, todayOf(now));
    const errors = check.status === 'posted' ? ['This ERA check is already posted.', ...plan.errors] : plan.errors;
    return { errors, warnings: plan.warnings };
  });
}

export async function postEraCheck(
  db: Db,
  actor: Actor,
  scope: DataScope,
  query: PostInsurancePaymentQuery,
  now: Date,
): Promise<PostInsurancePaymentReply> {
  if (query.postingID !== undefined)
    throw new BadRequestError('A check posts whole: leave out postingID and post the ERA check.');
  const postingDate = query.postingDate ?? todayOf(now);
  if (postingDate > todayOf(now)) throw new BadRequestError(`The posting date ${postingDate} is in the future.`);
  return db.transaction(async (tx) => {
    const { check, plan, lockedClaims } = await planCheck(tx, scope, query.eraCheckID, postingDate);
    if (check.status === 'posted') throw new ConflictError(NOTHING_LEFT);
    if (plan.errors.length > 0) throw new BadRequestError(`Nothing was posted: ${plan.errors.join(' ')}`);
    if (plan.warnings.length > 0 && query.bypassWarningsID !== 1)
      throw new BadRequestError(`Posting needs your confirmation: ${plan.warnings.join(' ')}`);
    if (plan.posted.length === 0 && plan.providerAdjustmentsPosted.length === 0 && check.status === 'partial') {
      throw new BadRequestError(
        `Nothing was posted: ${plan.held.length} claim${plan.held.length === 1 ? '' : 's'} of the check still wait${plan.held.length === 1 ? 's' : ''} to be linked.`,
      );
    }
    await writePosting(tx, plan, { eraCheckID: query.eraCheckID, postingDate, actor, now, event: 'ERA posted' });
    const posted = plan.posted.flatMap((claim) => (claim.eraClaimID === null ? [] : [claim.eraClaimID]));
    await tx.query(
      `UPDATE era_claims x SET posted_at = $2, posted_by = $3, held_reason = NULL, reverses_era_claim_id = d.reverses
         FROM unnest($1::bigint[], $4::bigint[]) AS d (era_claim_id, reverses) WHERE x.era_claim_id = d.era_claim_id`,
      [
        posted,
        now,
        actor.userId,
        plan.posted.flatMap((claim) => (claim.eraClaimID === null ? [] : [claim.reversesEraClaimID])),
      ],
    );
    if (plan.providerAdjustmentsPosted.length > 0)
      await tx.query(
        'UPDATE era_provider_adjustments SET posted_at = $2 WHERE era_provider_adjustment_id = ANY($1::bigint[])',
        [plan.providerAdjustmentsPosted, now],
      );
    await holdEraClaims(tx, plan.held, { actor, now, eraCheckID: query.eraCheckID });
    const [left] = await tx.query<{ unposted: number }>(
      'SELECT count(*)::int AS unposted FROM era_claims WHERE era_check_id = $1 AND posted_at IS NULL',
      [query.eraCheckID],
    );
    const status = (left?.unposted ?? 0) === 0 ? 'posted' : 'partial';
    await tx.query(
      'UPDATE era_checks SET status = $4, posted_at = coalesce(posted_at, $2), posted_by = coalesce(posted_by, $3) WHERE era_check_id = $1',
      [query.eraCheckID, now, actor.userId, status],
    );
    const paid = plan.posted.reduce((sum, claim) => sum + claim.paidCents, 0);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'era.post',
      recordType: 'era_check',
      recordId: query.eraCheckID,
      source: actor.source,
      ip: actor.ip,
      detail: {
        claims: plan.posted.length,
        held: plan.held.length,
        ledgerRows: plan.rows.length,
        paidCents: paid,
        postingDate,
        warningsAccepted: plan.warnings,
        lockedClaims,
        status,
      },
    });
    return { message: ERA_POSTED, pkid: 1, claims: plan.posted.length, paid, warningsAccepted: plan.warnings };
  });
}
