/**
 * What posting a payer's remit writes, worked out without the database. Each remit claim (an ERA
 * claim, or a paper EOB keyed for one claim) posts as the payer adjudicated it:
 *
 * - the net insurance payment on the claim is what the payer paid it (CLP04), never more: a
 *   claim-level adjustment on a claim with service lines comes off the lines' payments, spread by
 *   what each line was paid, and is its own ledger row;
 * - a claim paid at claim level only (no service lines) is spread over our open lines by their
 *   open balance, in cents, so no line goes below zero and the lines add up to the claim;
 * - each adjustment posts by the rule of its group and reason (contract/postingRules.ts):
 *   written off, moved to the patient ($0.00 marker), or informational (no row);
 * - a line the payer refused (nothing paid, nothing put on the patient) is a denial: $0.00 rows,
 *   the balance stays for appeal;
 * - a reversal (CLP02 22) negates the rows of the one earlier posting it names (found by the
 *   caller), and nothing else; when that posting cannot be found the claim is held, not guessed;
 * - a remit claim that matches none of our claims, or has a line that matches none of its open
 *   lines, is held in the queue for the biller to link, never half-posted.
 *
 * Several remit claims for one claim (a reversal and its correction in one file) post in order,
 * each against the balances the one before left.
 */
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { formatCents } from '../../../contract/money.ts';
import { adjustmentRule, CLAIM_PROVIDER_ADJUSTMENTS } from '../../../contract/postingRules.ts';
import { spread } from './spread.ts';

export type PostingEntryType =
  | 'insurance_payment'
  | 'contractual_adjustment'
  | 'adjustment'
  | 'patient_responsibility'
  | 'denial'
  | 'reversal'
  | 'patient_payment'
  | 'advance_application';

export interface PlanAdjustment {
  group: string;
  reason: string;
  cents: number;
}

export interface PlanLine {
  /** Null for a payment keyed from a paper EOB. */
  eraLineID: number | null;
  chargeID: number | null;
  chargeCents: number;
  paidCents: number;
  adjustments: readonly PlanAdjustment[];
}

export interface PlanClaim {
  /** Null for a paper EOB. */
  eraClaimID: number | null;
  claimID: number | null;
  patientControlNumber: string;
  statusCode: string;
  paidCents: number;
  /** Interest the payer put into paidCents (AMT*I): the check's income, posted on no line. */
  interestCents?: number;
  /** Claim-level CAS. */
  adjustments: readonly PlanAdjustment[];
  lines: readonly PlanLine[];
}

/** Our side of a matched claim, read under lock. */
export interface ClaimBook {
  claimID: number;
  claimStatusID: number;
  balanceCents: number;
  /** Open lines (not void, not deleted) in line order, with their balances. */
  lines: readonly { chargeID: number; balanceCents: number; chargeCents?: number }[];
}

/** A ledger row of an earlier posting that still stands (not reversed). */
export interface PostedRow {
  ledgerID: number;
  chargeID: number;
  entryType: string;
  amountCents: number;
  group?: string | null;
  reason?: string | null;
}

/** The earlier posting a reversal names, with its rows that still stand. */
export interface OriginalPosting {
  eraClaimID: number;
  rows: readonly PostedRow[];
}

/** A provider-level adjustment (PLB) naming one of our claims. */
export interface ClaimProviderAdjustment {
  providerAdjustmentID: number;
  claimID: number;
  reason: string;
  reference: string | null;
  /** Positive: the payer withheld it from the check; negative: added it. */
  cents: number;
}

export interface PlannedRow {
  claimID: number;
  chargeID: number;
  eraLineID: number | null;
  entryType: PostingEntryType;
  amountCents: number;
  group: string | null;
  reason: string | null;
  reversesLedgerID: number | null;
  note: string | null;
  /** The ERA claim the row posts (null for postings that are not an ERA's). */
  eraClaimID?: number | null;
  /** The provider-level adjustment the row posts. */
  providerAdjustmentID?: number | null;
}

export interface PlannedClaim {
  claimID: number;
  statusBefore: number;
  statusAfter: number;
  balanceAfterCents: number;
  paidCents: number;
}

export interface PostingPlan {
  rows: PlannedRow[];
  /** One entry a claim: its status before, after, its balance after. */
  claims: PlannedClaim[];
  /** Things the biller must accept before posting (bypassWarningsID). */
  warnings: string[];
  /** Things that stop the posting. */
  errors: string[];
}

export interface HeldClaim {
  eraClaimID: number | null;
  claimID: number | null;
  reason: string;
  /** A reversal whose original posting was not found: the claim gets a task in the work queue. */
  needsTask: boolean;
}

export interface RemitPlan extends PostingPlan {
  /** Remit claims posted by this plan, with the earlier posting each reversal undoes. */
  posted: { eraClaimID: number | null; claimID: number; reversesEraClaimID: number | null; paidCents: number }[];
  /** Remit claims not posted, and why. */
  held: HeldClaim[];
  /** Provider-level adjustments posted to claims. */
  providerAdjustmentsPosted: number[];
}

const FORWARDED = new Set(['19', '20', '21', '23']);
const REVERSAL = '22';
const DENIED = '4';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A line the payer refused: the whole claim denied, or nothing paid, nothing on the patient, and something written off. */
function isDenied(claim: PlanClaim, line: PlanLine): boolean {
  if (claim.statusCode === DENIED) return true;
  if (line.paidCents !== 0 || line.chargeCents <= 0) return false;
  const treatments = line.adjustments.map(
    (adjustment) => adjustmentRule(adjustment.group, adjustment.reason).treatment,
  );
  return !treatments.includes('patient') && treatments.includes('write_off');
}

/** A claim's lines while it is planned: balances move as rows are planned on them. */
class LineBooks {
  readonly balances = new Map<number, number>();
  readonly charges = new Map<number, number>();
  constructor(
    readonly claimID: number,
    lines: ClaimBook['lines'],
    public balance: number,
  ) {
    for (const line of lines) {
      this.balances.set(line.chargeID, line.balanceCents);
      this.charges.set(line.chargeID, line.chargeCents ?? line.balanceCents);
    }
  }
  get order(): number[] {
    return [...this.balances.keys()];
  }
  apply(rows: readonly PlannedRow[]): void {
    for (const row of rows) {
      this.balances.set(row.chargeID, (this.balances.get(row.chargeID) ?? 0) + row.amountCents);
      this.balance += row.amountCents;
    }
  }
}

/** Where a row goes: its claim, line, the ERA line and claim it posts. */
interface RowPlace {
  claimID: number;
  chargeID: number;
  eraLineID: number | null;
  eraClaimID: number | null;
}

/** Every planned row made here, so they all share one shape (a remit of 5,000 claims plans 30,000 of them). */
function row(
  place: RowPlace,
  entryType: PostingEntryType,
  amountCents: number,
  group: string | null,
  reason: string | null,
  note: string | null,
  reversesLedgerID: number | null = null,
): PlannedRow {
  return {
    claimID: place.claimID,
    chargeID: place.chargeID,
    eraLineID: place.eraLineID,
    entryType,
    amountCents,
    group,
    reason,
    reversesLedgerID,
    note,
    eraClaimID: place.eraClaimID,
    providerAdjustmentID: null,
  };
}

/** The rows one adjustment writes on one charge, by its rule. */
function adjustmentRows(base: RowPlace, adjustment: PlanAdjustment, cents: number, claimLevel: boolean): PlannedRow[] {
  const rule = adjustmentRule(adjustment.group, adjustment.reason);
  if (rule.treatment === 'informational' || rule.entryType === null || cents === 0) return [];
  const where = claimLevel ? ' (claim level)' : '';
  if (rule.treatment === 'patient') {
    // The patient's share does not change what is owed, only who owes it: a marker row.
    return [
      row(
        base,
        'patient_responsibility',
        0,
        adjustment.group,
        adjustment.reason,
        `Patient responsibility ${formatCents(cents)}${where}`,
      ),
    ];
  }
  return [
    row(
      base,
      rule.entryType === 'contractual_adjustment' ? 'contractual_adjustment' : 'adjustment',
      -cents,
      adjustment.group,
      adjustment.reason,
      claimLevel ? 'Claim-level adjustment' : null,
    ),
  ];
}

function denialRows(base: RowPlace, claim: PlanClaim, adjustments: readonly PlanAdjustment[]): PlannedRow[] {
  const reasons = adjustments.length > 0 ? adjustments : [{ group: 'CO', reason: '', cents: 0 }];
  return reasons.map((adjustment) =>
    row(
      base,
      'denial',
      0,
      adjustment.group,
      adjustment.reason || null,
      `Denied ${formatCents(adjustment.cents)} (claim ${claim.patientControlNumber})`,
    ),
  );
}

/** Rows of a remit claim with service lines, every line matched to one of ours. */
function serviceLineRows(claim: PlanClaim, claimID: number): PlannedRow[] {
  const eraClaimID = claim.eraClaimID;
  const rows: PlannedRow[] = [];
  // Claim-level adjustments come off the lines' payments, by what each line was paid.
  const rooms = claim.lines.map((line) => line.paidCents);
  const claimShares = claim.adjustments.map((adjustment) => {
    const shares = spread(adjustment.cents, adjustment.cents >= 0 ? rooms : claim.lines.map((line) => line.paidCents));
    if (adjustment.cents >= 0) shares.forEach((share, index) => (rooms[index] = (rooms[index] ?? 0) - share));
    return shares;
  });
  claim.lines.forEach((line, index) => {
    const chargeID = line.chargeID ?? 0;
    const base: RowPlace = { claimID, chargeID, eraLineID: line.eraLineID, eraClaimID };
    if (isDenied(claim, line)) {
      rows.push(...denialRows(base, claim, line.adjustments));
      return;
    }
    const lineClaimShare = claimShares.reduce((total, shares) => total + (shares[index] ?? 0), 0);
    const paid = line.paidCents - lineClaimShare;
    if (paid !== 0) rows.push(row(base, 'insurance_payment', -paid, null, null, null));
    for (const adjustment of line.adjustments) rows.push(...adjustmentRows(base, adjustment, adjustment.cents, false));
    const claimLevel: RowPlace = { claimID, chargeID, eraLineID: null, eraClaimID };
    claim.adjustments.forEach((adjustment, which) =>
      rows.push(...adjustmentRows(claimLevel, adjustment, claimShares[which]?.[index] ?? 0, true)),
    );
  });
  return rows;
}

/** Rows of a remit claim paid at claim level only: spread over our open lines by open balance. */
function claimLevelRows(claim: PlanClaim, claimID: number, books: LineBooks): PlannedRow[] {
  const order = books.order;
  const eraClaimID = claim.eraClaimID;
  const base = (chargeID: number): RowPlace => ({ claimID, chargeID, eraLineID: null, eraClaimID });
  if (
    claim.statusCode === DENIED ||
    (claim.paidCents === 0 &&
      claim.adjustments.length > 0 &&
      claim.adjustments.every(
        (adjustment) => adjustmentRule(adjustment.group, adjustment.reason).treatment === 'write_off',
      ))
  ) {
    return denialRows(base(order[0] ?? 0), claim, claim.adjustments);
  }
  const rows: PlannedRow[] = [];
  const rooms = order.map((chargeID) => books.balances.get(chargeID) ?? 0);
  const take = (cents: number) => {
    const shares = spread(cents, rooms);
    shares.forEach((share, index) => (rooms[index] = (rooms[index] ?? 0) - share));
    return shares;
  };
  take(claim.paidCents - (claim.interestCents ?? 0)).forEach((share, index) => {
    if (share !== 0)
      rows.push(row(base(order[index] ?? 0), 'insurance_payment', -share, null, null, 'Paid at claim level'));
  });
  for (const adjustment of claim.adjustments) {
    if (adjustmentRule(adjustment.group, adjustment.reason).treatment === 'informational') continue;
    take(adjustment.cents).forEach((share, index) =>
      rows.push(...adjustmentRows(base(order[index] ?? 0), adjustment, share, true)),
    );
  }
  return rows;
}

function statusAfter(claim: PlanClaim, balanceAfter: number, patientShare: number, allDenied: boolean): number {
  if (claim.statusCode === REVERSAL) return CLAIM_STATUS.acceptedByPayer;
  if (allDenied) return CLAIM_STATUS.denied;
  if (FORWARDED.has(claim.statusCode) && balanceAfter > 0) return CLAIM_STATUS.submitted;
  if (balanceAfter <= 0) return CLAIM_STATUS.paid;
  if (balanceAfter === patientShare) return CLAIM_STATUS.patientBalance;
  return CLAIM_STATUS.partiallyPaid;
}

/** What stops a matched remit claim from posting now, if anything. */
function holdReason(claim: PlanClaim, book: ClaimBook | undefined, open: ReadonlySet<number>): string | null {
  if (!book) return `Claim ${claim.claimID} could not be read for posting.`;
  if (book.claimStatusID === CLAIM_STATUS.void)
    return `Claim ${claim.claimID} is void: link the ERA claim to the claim that replaced it.`;
  if (claim.statusCode === REVERSAL) return null;
  const unmatched = claim.lines.filter((line) => line.chargeID === null || !open.has(line.chargeID));
  if (unmatched.length > 0)
    return `Claim ${claim.claimID}: ${plural(unmatched.length, 'line')} of the ERA (${unmatched.map((line) => `${formatCents(line.paidCents)} paid`).join(', ')}) match none of its open lines; link them, then post again.`;
  if (claim.lines.length === 0 && open.size === 0) return `Claim ${claim.claimID} has no open line to post to.`;
  return null;
}

export interface RemitInput {
  claims: readonly PlanClaim[];
  books: ReadonlyMap<number, ClaimBook>;
  /** For each reversal (by its ERA claim ID), the posting it undoes, or null when none was found. */
  originals: ReadonlyMap<number, OriginalPosting | null>;
  imbalances: readonly string[];
  providerAdjustments?: readonly ClaimProviderAdjustment[];
}

export function planRemits(input: RemitInput): RemitPlan {
  const plan: RemitPlan = {
    rows: [],
    claims: [],
    warnings: input.imbalances.map((message) => `Unbalanced: ${message}`),
    errors: [],
    posted: [],
    held: [],
    providerAdjustmentsPosted: [],
  };
  const unmatched = input.claims.filter((claim) => claim.claimID === null);
  if (unmatched.length > 0) {
    plan.warnings.push(
      `${plural(unmatched.length, 'claim')} of the check match none of ours and stay in the queue to link: ${unmatched.map((claim) => claim.patientControlNumber).join(', ')}.`,
    );
    for (const claim of unmatched)
      plan.held.push({
        eraClaimID: claim.eraClaimID,
        claimID: null,
        reason: 'Matches none of our claims.',
        needsTask: false,
      });
  }
  const lineBooks = new Map<number, LineBooks>();
  const outcome = new Map<number, PlannedClaim>();
  const booksOf = (claimID: number): LineBooks | undefined => {
    const known = lineBooks.get(claimID);
    if (known) return known;
    const book = input.books.get(claimID);
    if (!book) return undefined;
    const made = new LineBooks(claimID, book.lines, book.balanceCents);
    lineBooks.set(claimID, made);
    return made;
  };
  const settle = (claimID: number, statusAfterPosting: number, paidCents: number) => {
    const book = input.books.get(claimID);
    const books = lineBooks.get(claimID);
    if (!book || !books) return;
    const before = outcome.get(claimID);
    outcome.set(claimID, {
      claimID,
      statusBefore: book.claimStatusID,
      statusAfter: statusAfterPosting,
      balanceAfterCents: books.balance,
      paidCents: (before?.paidCents ?? 0) + paidCents,
    });
  };

  for (const claim of input.claims) {
    if (claim.claimID === null) continue;
    const claimID = claim.claimID;
    const book = input.books.get(claimID);
    const books = booksOf(claimID);
    const open = new Set(book?.lines.map((line) => line.chargeID) ?? []);
    const held = holdReason(claim, book, open);
    if (held !== null || !books) {
      const reason = held ?? `Claim ${claimID} could not be read for posting.`;
      plan.warnings.push(reason);
      plan.held.push({ eraClaimID: claim.eraClaimID, claimID, reason, needsTask: false });
      continue;
    }
    let rows: PlannedRow[];
    let reverses: number | null = null;
    if (claim.statusCode === REVERSAL) {
      const original = claim.eraClaimID === null ? null : (input.originals.get(claim.eraClaimID) ?? null);
      if (original === null) {
        const reason = `Claim ${claimID}: the payer reverses ${formatCents(-claim.paidCents)}, but the posting it reverses was not found here; it goes to the work queue, nothing is reversed.`;
        plan.warnings.push(reason);
        plan.held.push({ eraClaimID: claim.eraClaimID, claimID, reason, needsTask: true });
        continue;
      }
      reverses = original.eraClaimID;
      rows = original.rows.map((posted) =>
        row(
          { claimID, chargeID: posted.chargeID, eraLineID: null, eraClaimID: claim.eraClaimID },
          'reversal',
          -posted.amountCents,
          posted.group ?? null,
          posted.reason ?? null,
          `Reverses ${posted.entryType.replaceAll('_', ' ')} (payer reversal)`,
          posted.ledgerID,
        ),
      );
    } else {
      rows = claim.lines.length > 0 ? serviceLineRows(claim, claimID) : claimLevelRows(claim, claimID, books);
    }
    books.apply(rows);
    const paid = -rows.reduce(
      (total, row) =>
        total +
        (row.entryType === 'insurance_payment' ||
        (row.entryType === 'reversal' && reversesPayment(row, input.originals))
          ? row.amountCents
          : 0),
      0,
    );
    if (books.balance < 0)
      plan.warnings.push(`Claim ${claimID}: the payment leaves a credit of ${formatCents(-books.balance)}.`);
    const patientShare = [...claim.adjustments, ...claim.lines.flatMap((line) => line.adjustments)]
      .filter((adjustment) => adjustmentRule(adjustment.group, adjustment.reason).treatment === 'patient')
      .reduce((total, adjustment) => total + adjustment.cents, 0);
    const allDenied = rows.length > 0 && rows.every((row) => row.entryType === 'denial');
    plan.rows.push(...rows);
    plan.posted.push({ eraClaimID: claim.eraClaimID, claimID, reversesEraClaimID: reverses, paidCents: paid });
    settle(claimID, statusAfter(claim, books.balance, patientShare, allDenied), paid);
  }

  for (const adjustment of input.providerAdjustments ?? []) {
    const books = booksOf(adjustment.claimID);
    const book = input.books.get(adjustment.claimID);
    if (!books || !book || books.order.length === 0) continue;
    const order = books.order;
    // Money withheld raises the claim's balance on the lines it was paid on; money added lowers it, by open balance.
    const rooms =
      adjustment.cents >= 0
        ? order.map((chargeID) => (books.charges.get(chargeID) ?? 0) - (books.balances.get(chargeID) ?? 0))
        : order.map((chargeID) => books.balances.get(chargeID) ?? 0);
    const name = CLAIM_PROVIDER_ADJUSTMENTS[adjustment.reason] ?? adjustment.reason;
    const rows: PlannedRow[] = spread(adjustment.cents, rooms).flatMap((share, index) =>
      share === 0
        ? []
        : [
            {
              ...row(
                { claimID: adjustment.claimID, chargeID: order[index] ?? 0, eraLineID: null, eraClaimID: null },
                'insurance_payment',
                share,
                null,
                adjustment.reason,
                `Provider-level adjustment ${adjustment.reason} (${name})${adjustment.reference ? ` ${adjustment.reference}` : ''}`,
              ),
              providerAdjustmentID: adjustment.providerAdjustmentID,
            },
          ],
    );
    books.apply(rows);
    plan.rows.push(...rows);
    plan.providerAdjustmentsPosted.push(adjustment.providerAdjustmentID);
    const before = outcome.get(adjustment.claimID);
    const status = before?.statusAfter ?? book.claimStatusID;
    settle(
      adjustment.claimID,
      books.balance > 0 && status === CLAIM_STATUS.paid
        ? CLAIM_STATUS.partiallyPaid
        : books.balance <= 0 && status === CLAIM_STATUS.partiallyPaid
          ? CLAIM_STATUS.paid
          : status,
      -adjustment.cents,
    );
  }
  plan.claims.push(...outcome.values());
  return plan;
}

function reversesPayment(row: PlannedRow, originals: ReadonlyMap<number, OriginalPosting | null>): boolean {
  for (const original of originals.values()) {
    const found = original?.rows.find((candidate) => candidate.ledgerID === row.reversesLedgerID);
    if (found) return found.entryType === 'insurance_payment';
  }
  return false;
}
