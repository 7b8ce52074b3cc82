/**
 * What posting an ERA check writes, worked out without the database: for every matched line the
 * payment, the contractual and other adjustments as ledger rows that lower its balance, the
 * patient's share as a marker row (the amount owed does not change, only who owes it), denied
 * lines as denial rows (never written off: the balance stays for appeal or the patient), reversals
 * (CLP02 22) as rows negating what the earlier ERA posted, and each claim's status afterwards.
 */
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { formatCents } from '../../../contract/money.ts';
import { groupBy } from './groupRows.ts';

export type PostingEntryType = 'insurance_payment' | 'contractual_adjustment' | 'adjustment' | 'patient_responsibility' | 'denial' | 'reversal' | 'patient_payment' | 'advance_application';

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
  eraClaimID: number;
  claimID: number | null;
  patientControlNumber: string;
  statusCode: string;
  paidCents: number;
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
  lines: readonly { chargeID: number; balanceCents: number }[];
}

/** An earlier ERA ledger row on a charge, for reversals. */
export interface PostedRow {
  ledgerID: number;
  chargeID: number;
  entryType: string;
  amountCents: number;
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
  claims: PlannedClaim[];
  /** Things the biller must accept before posting (bypassWarningsID). */
  warnings: string[];
  /** Things that stop the posting. */
  errors: string[];
}

const FORWARDED = new Set(['19', '20', '21', '23']);

function entryTypeOf(group: string): PostingEntryType {
  if (group === 'CO') return 'contractual_adjustment';
  if (group === 'PR') return 'patient_responsibility';
  return 'adjustment';
}

/** A line the payer refused: the whole claim denied, or nothing paid and nothing put on the patient. */
function isDenied(claim: PlanClaim, line: PlanLine): boolean {
  if (claim.statusCode === '4') return true;
  return line.paidCents === 0 && line.chargeCents > 0 && !line.adjustments.some((adjustment) => adjustment.group === 'PR');
}

function rowsForLine(claim: PlanClaim, claimID: number, chargeID: number, eraLineID: number | null, paidCents: number, adjustments: readonly PlanAdjustment[], denied: boolean): PlannedRow[] {
  const base = { claimID, chargeID, eraLineID, reversesLedgerID: null };
  if (denied) {
    const reasons = adjustments.length > 0 ? adjustments : [{ group: 'CO', reason: '', cents: 0 }];
    return reasons.map((adjustment) => ({ ...base, entryType: 'denial', amountCents: 0, group: adjustment.group, reason: adjustment.reason || null, note: `Denied ${formatCents(adjustment.cents)} (claim ${claim.patientControlNumber})` }));
  }
  const rows: PlannedRow[] = [];
  if (paidCents !== 0) rows.push({ ...base, entryType: 'insurance_payment', amountCents: -paidCents, group: null, reason: null, note: null });
  for (const adjustment of adjustments) {
    const type = entryTypeOf(adjustment.group);
    rows.push({
      ...base,
      entryType: type,
      // The patient's share does not change what is owed, only who owes it: a marker row.
      amountCents: type === 'patient_responsibility' ? 0 : -adjustment.cents,
      group: adjustment.group,
      reason: adjustment.reason,
      note: type === 'patient_responsibility' ? `Patient responsibility ${formatCents(adjustment.cents)}` : null,
    });
  }
  return rows;
}

function statusAfter(claim: PlanClaim, balanceAfter: number, patientShare: number, allDenied: boolean): number {
  if (claim.statusCode === '22') return CLAIM_STATUS.acceptedByPayer;
  if (allDenied) return CLAIM_STATUS.denied;
  if (FORWARDED.has(claim.statusCode) && balanceAfter > 0) return CLAIM_STATUS.submitted;
  if (balanceAfter <= 0) return CLAIM_STATUS.paid;
  if (balanceAfter === patientShare) return CLAIM_STATUS.patientBalance;
  return CLAIM_STATUS.partiallyPaid;
}

export function planEraPosting(claims: readonly PlanClaim[], books: ReadonlyMap<number, ClaimBook>, posted: readonly PostedRow[], imbalances: readonly string[]): PostingPlan {
  const plan: PostingPlan = { rows: [], claims: [], warnings: [...imbalances.map((message) => `Unbalanced: ${message}`)], errors: [] };
  const unmatched = claims.filter((claim) => claim.claimID === null);
  if (unmatched.length > 0) plan.warnings.push(`${unmatched.length} claim${unmatched.length === 1 ? '' : 's'} of the check match none of ours and will not be posted: ${unmatched.map((claim) => claim.patientControlNumber).join(', ')}.`);
  const postedByCharge = groupBy(posted, (row) => row.chargeID);

  for (const claim of claims) {
    if (claim.claimID === null) continue;
    const book = books.get(claim.claimID);
    if (!book) {
      plan.errors.push(`Claim ${claim.claimID} could not be read for posting.`);
      continue;
    }
    if (book.claimStatusID === CLAIM_STATUS.void) {
      plan.errors.push(`Claim ${claim.claimID} is void: unlink its ERA claim before posting.`);
      continue;
    }
    const rows: PlannedRow[] = [];
    if (claim.statusCode === '22') {
      const charges = new Set(claim.lines.flatMap((line) => (line.chargeID === null ? [] : [line.chargeID])));
      if (charges.size === 0) for (const line of book.lines) charges.add(line.chargeID);
      const originals = [...charges].flatMap((chargeID) => (postedByCharge.get(chargeID) ?? []).filter((row) => row.amountCents !== 0));
      if (originals.length === 0) {
        plan.warnings.push(`Claim ${claim.claimID}: the payer reverses a payment that was never posted here; nothing is reversed.`);
        continue;
      }
      for (const original of originals) {
        rows.push({ claimID: claim.claimID, chargeID: original.chargeID, eraLineID: null, entryType: 'reversal', amountCents: -original.amountCents, group: null, reason: null, reversesLedgerID: original.ledgerID, note: `Reverses ${original.entryType.replace('_', ' ')}` });
      }
    } else if (claim.lines.length === 0) {
      // Paid at claim level: the payment and adjustments go on the claim's lines in order, each up to its balance.
      const [first] = book.lines;
      if (!first) {
        plan.errors.push(`Claim ${claim.claimID} has no open line to post to.`);
        continue;
      }
      let toPay = claim.paidCents;
      book.lines.forEach((line, index) => {
        const last = index === book.lines.length - 1;
        const share = last ? toPay : Math.min(toPay, Math.max(0, line.balanceCents));
        toPay -= share;
        if (share !== 0) rows.push(...rowsForLine(claim, claim.claimID ?? 0, line.chargeID, null, share, [], false));
      });
      rows.push(...rowsForLine(claim, claim.claimID, first.chargeID, null, 0, claim.adjustments, claim.statusCode === '4'));
    } else {
      const open = new Set(book.lines.map((line) => line.chargeID));
      let claimAdjustmentsPosted = false;
      for (const line of claim.lines) {
        if (line.chargeID === null || !open.has(line.chargeID)) {
          plan.warnings.push(`Claim ${claim.claimID}: a line (${formatCents(line.paidCents)} paid) matches none of its open lines and will not be posted.`);
          continue;
        }
        const adjustments = claimAdjustmentsPosted ? line.adjustments : [...claim.adjustments, ...line.adjustments];
        claimAdjustmentsPosted = true;
        rows.push(...rowsForLine(claim, claim.claimID, line.chargeID, line.eraLineID, line.paidCents, adjustments, isDenied(claim, line)));
      }
    }
    const moved = rows.reduce((sum, row) => sum + row.amountCents, 0);
    const balanceAfter = book.balanceCents + moved;
    const paid = -rows.filter((row) => row.entryType === 'insurance_payment').reduce((sum, row) => sum + row.amountCents, 0);
    if (balanceAfter < 0) plan.warnings.push(`Claim ${claim.claimID}: the payment leaves a credit of ${formatCents(-balanceAfter)}.`);
    const patientShare = claim.adjustments.concat(claim.lines.flatMap((line) => line.adjustments)).filter((adjustment) => adjustment.group === 'PR').reduce((sum, adjustment) => sum + adjustment.cents, 0);
    const allDenied = rows.length > 0 && rows.every((row) => row.entryType === 'denial');
    plan.rows.push(...rows);
    plan.claims.push({ claimID: claim.claimID, statusBefore: book.claimStatusID, statusAfter: statusAfter(claim, balanceAfter, patientShare, allDenied), balanceAfterCents: balanceAfter, paidCents: paid });
  }
  return plan;
}
