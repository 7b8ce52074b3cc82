/**
 * The one place that turns ledger rows into the figures a screen shows: charges, insurance paid,
 * patient paid, contractual adjustments, write-offs, other adjustments, refunds, what reversals
 * took back, the balance and the patient's part of it. The claim header, the charge lines, the
 * claim's and the patient's ledger, the financial summary, the payment batches and the deposits'
 * posted money all come from here, so they cannot disagree.
 *
 * Every row counts in exactly one figure, with its own amount (amount = its effect on the
 * balance), so the balance is always the plain sum of the rows. A reversal counts in the figure
 * of the row it reverses: a reversed payment is no payment, a reversed write-off no write-off. So
 * an advance application reversed leaves "patient paid" where it was before the application, not
 * a payment beside a negative adjustment. `reversals` then says how much the reversals took back
 * (already out of the figures above), for the biller to see that they happened.
 *
 * Two ways in, one table: `sumFigures` folds rows read in TypeScript, and the SQL fragments below
 * are written from the same table for lists that add up in the database (batches, patients).
 */
import type { FinancialFigures, FigureKind } from '../../../contract/claimFinancial.ts';
import { LEDGER_ENTRY_TYPES, type LedgerEntryType } from '../../../contract/ledger.ts';
import type { Queryable } from '../../db/types.ts';

/**
 * Where each kind of row counts. A Record, so a new entry type does not compile until it has a
 * place. Denials and patient-responsibility markers are posted at $0.00; should one carry an
 * amount it still shows, as an adjustment. A deposit taken ahead of the visit (advance_payment,
 * on the patient, never on a claim) is money the patient paid; its application moves it onto a
 * charge (a credit there, and the same amount back on the patient's credit row).
 */
const FIGURE_OF: Record<Exclude<LedgerEntryType, 'reversal'>, FigureKind> = {
  charge: 'charges',
  insurance_payment: 'insurancePaid',
  patient_payment: 'patientPaid',
  advance_payment: 'patientPaid',
  advance_application: 'patientPaid',
  contractual_adjustment: 'contractualAdjustments',
  write_off: 'writeOffs',
  adjustment: 'otherAdjustments',
  denial: 'otherAdjustments',
  patient_responsibility: 'otherAdjustments',
  refund: 'refunds',
};

/** A reversal whose original is unknown (or is itself a reversal) still moves the balance: as an adjustment. */
const UNKNOWN_REVERSAL: FigureKind = 'otherAdjustments';

/** Figures that raise the balance; the others are credits, shown as what they took off. */
const RAISES: ReadonlySet<FigureKind> = new Set(['charges', 'refunds']);

/** The figure a row counts in: its own kind's, or for a reversal the kind of the row it reverses. */
export function figureOf(entryType: LedgerEntryType, reversedType: LedgerEntryType | null = null): FigureKind {
  if (entryType !== 'reversal') return FIGURE_OF[entryType];
  return reversedType === null || reversedType === 'reversal' ? UNKNOWN_REVERSAL : FIGURE_OF[reversedType];
}

/** Rows of one kind summed: `cents` is their amount (effect on the balance). */
export interface LedgerSum {
  entryType: LedgerEntryType;
  /** The kind of the row a reversal reverses; null for any other row. */
  reversedType: LedgerEntryType | null;
  cents: number;
}

export const NO_FIGURES: FinancialFigures = Object.freeze({
  charges: 0,
  insurancePaid: 0,
  patientPaid: 0,
  contractualAdjustments: 0,
  writeOffs: 0,
  otherAdjustments: 0,
  reversals: 0,
  refunds: 0,
  balance: 0,
  patientResponsibility: 0,
  insuranceBalance: 0,
});

/**
 * The figures of `rows`. `patientOwes`: the payer passed the balance to the patient (a line the
 * payer answered with a patient share, or a self-pay claim), so all of it is the patient's.
 */
export function sumFigures(rows: Iterable<LedgerSum>, patientOwes = false): FinancialFigures {
  const figures = { ...NO_FIGURES };
  for (const row of rows) {
    const figure = figureOf(row.entryType, row.reversedType);
    figures[figure] += RAISES.has(figure) ? row.cents : -row.cents;
    figures.balance += row.cents;
    if (row.entryType === 'reversal') figures.reversals += Math.abs(row.cents);
  }
  figures.patientResponsibility = patientOwes ? figures.balance : 0;
  figures.insuranceBalance = figures.balance - figures.patientResponsibility;
  return figures;
}

/** Figures added together (a claim's from its lines'). */
export function addFigures(all: Iterable<FinancialFigures>): FinancialFigures {
  const total = { ...NO_FIGURES };
  for (const figures of all)
    for (const key of Object.keys(total) as (keyof FinancialFigures)[]) total[key] += figures[key];
  return total;
}

/**
 * The two figures a line or a claim header shows beside its charges: money received (insurance
 * and patient payments, less refunds) and every other credit (adjustments, write-offs); charges
 * minus both is the balance.
 */
export function paidAndAdjusted(figures: FinancialFigures): { paid: number; adjusted: number } {
  return {
    paid: figures.insurancePaid + figures.patientPaid - figures.refunds,
    adjusted: figures.contractualAdjustments + figures.writeOffs + figures.otherAdjustments,
  };
}

// ---- SQL, written from the same table -------------------------------------------------------

/** Joins each row `l` to the row it reverses, `o` (null for rows that reverse nothing). */
export const REVERSED_ROW_JOIN = 'LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id';

/** The kinds of row (a reversal by the kind it reverses, `coalesce(o.entry_type, l.entry_type)`) that count in `figures`. */
function kindsOf(figures: readonly FigureKind[]): string {
  const kinds: string[] = LEDGER_ENTRY_TYPES.filter((type) => type !== 'reversal' && figures.includes(FIGURE_OF[type]));
  // A reversal of nothing known is coalesced to 'reversal' itself.
  if (figures.includes(UNKNOWN_REVERSAL)) kinds.push('reversal');
  return kinds.map((kind) => `'${kind}'`).join(', ');
}

/**
 * SQL summing rows `l` (joined by REVERSED_ROW_JOIN) into figures: raising figures as they are,
 * credits as what they took off. A reversal of a reversal is rare enough to count where its
 * unknown original would.
 */
function figureSql(figures: readonly FigureKind[], sign: '' | '-'): string {
  return `coalesce(${sign}sum(l.amount_cents) FILTER (WHERE coalesce(nullif(o.entry_type, 'reversal'), l.entry_type) IN (${kindsOf(figures)})), 0)::bigint`;
}

/** The SQL of the figures for sums in the database; rows `l` joined to `o` by REVERSED_ROW_JOIN. */
export const FIGURE_SQL = {
  charges: figureSql(['charges'], ''),
  /** paidAndAdjusted's paid: insurance and patient payments less refunds. */
  paid: figureSql(['insurancePaid', 'patientPaid', 'refunds'], '-'),
  /** paidAndAdjusted's adjusted. */
  adjusted: figureSql(['contractualAdjustments', 'writeOffs', 'otherAdjustments'], '-'),
  /** Money received (insurance and patient payments), what a deposit's postings add up to. */
  received: figureSql(['insurancePaid', 'patientPaid'], '-'),
  /** Money received from payers only. */
  insurancePaid: figureSql(['insurancePaid'], '-'),
  balance: 'coalesce(sum(l.amount_cents), 0)::bigint',
} as const;

/**
 * An advance payment's figures from its rows `l` (those carrying its advance_payment_id): what
 * its applications paid on charges (less their reversals), what was refunded, and the credit
 * left (minus the sum of its rows on the patient: the deposit, less what was applied, refunded
 * or reversed).
 */
export const ADVANCE_FIGURE_SQL = {
  applied: 'coalesce(-sum(l.amount_cents) FILTER (WHERE l.charge_id IS NOT NULL), 0)::bigint',
  refunded: "coalesce(sum(l.amount_cents) FILTER (WHERE l.charge_id IS NULL AND l.entry_type = 'refund'), 0)::bigint",
  unapplied: 'coalesce(-sum(l.amount_cents) FILTER (WHERE l.charge_id IS NULL), 0)::bigint',
} as const;

// ---- Reading a claim's or a patient's figures --------------------------------------------------

interface ChargeSum extends LedgerSum {
  chargeID: number | null;
}

export interface ClaimFigures {
  totals: FinancialFigures;
  /** Per charge line that has ledger rows, deleted lines included (their rows cancel out). */
  lines: ReadonlyMap<number, FinancialFigures>;
}

/**
 * A claim's figures, for the claim and each of its lines, read from its ledger rows. A line's
 * balance is the patient's when the payer passed it on (a patient-responsibility row not
 * reversed) or when the claim is self-pay; the claim's patient responsibility is its lines'.
 */
export async function claimFigures(q: Queryable, claimID: number): Promise<ClaimFigures> {
  const [sums, [owner]] = await Promise.all([
    q.query<ChargeSum>(
      `SELECT l.charge_id AS "chargeID", l.entry_type AS "entryType", o.entry_type AS "reversedType", sum(l.amount_cents)::bigint AS cents
         FROM ledger_entries l ${REVERSED_ROW_JOIN}
        WHERE l.claim_id = $1
        GROUP BY l.charge_id, l.entry_type, o.entry_type`,
      [claimID],
    ),
    q.query<{ selfPay: boolean; patientOwes: number[] }>(
      `SELECT c.insurance_id IS NULL AS "selfPay",
              ARRAY(SELECT DISTINCT l.charge_id FROM ledger_entries l
                     WHERE l.claim_id = c.claim_id AND l.entry_type = 'patient_responsibility' AND l.charge_id IS NOT NULL
                       AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id))::bigint[] AS "patientOwes"
         FROM claims c WHERE c.claim_id = $1`,
      [claimID],
    ),
  ]);
  const selfPay = owner?.selfPay ?? false;
  const patientOwes = new Set((owner?.patientOwes ?? []).map(Number));
  const byCharge = new Map<number | null, ChargeSum[]>();
  for (const row of sums) byCharge.set(row.chargeID, [...(byCharge.get(row.chargeID) ?? []), row]);
  const lines = new Map<number, FinancialFigures>();
  const parts: FinancialFigures[] = [];
  for (const [chargeID, rows] of byCharge) {
    const figures = sumFigures(rows, selfPay || (chargeID !== null && patientOwes.has(chargeID)));
    if (chargeID !== null) lines.set(chargeID, figures);
    parts.push(figures);
  }
  return { totals: addFigures(parts), lines };
}

/** The figures of every ledger row of a patient in `practiceIds` (their claims' and their own, such as advance deposits). */
export async function patientFigures(
  q: Queryable,
  patientID: number,
  practiceIds: readonly number[],
): Promise<FinancialFigures> {
  const sums = await q.query<LedgerSum>(
    `SELECT l.entry_type AS "entryType", o.entry_type AS "reversedType", sum(l.amount_cents)::bigint AS cents
       FROM ledger_entries l ${REVERSED_ROW_JOIN}
      WHERE l.patient_id = $1 AND l.practice_id = ANY($2::bigint[])
      GROUP BY l.entry_type, o.entry_type`,
    [patientID, practiceIds],
  );
  return sumFigures(sums);
}
