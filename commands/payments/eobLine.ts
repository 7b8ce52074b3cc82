/**
 * One line of a paper EOB as the biller types it in the palette: what the payer paid, what it
 * allowed, and its adjustments as GROUP-REASON amount pairs, e.g. "80.00 100.00 PR-1 20.00". When
 * the allowed amount is below the charge and no CO adjustment was typed, the difference is the
 * contractual write-down (CO-45), as on the EOB. Money is cents; nothing here calls the server.
 */
import { formatCents } from '../../contract/money.ts';
import { parseDollarsToCents } from '../../src/console/stepAnswers.ts';

export const ADJUSTMENT_GROUPS = ['CO', 'PR', 'OA', 'PI', 'CR'] as const;
export type AdjustmentGroup = (typeof ADJUSTMENT_GROUPS)[number];

export interface EobAdjustment {
  group: AdjustmentGroup;
  reason: string;
  amount: number;
}

export interface EobLine {
  paid: number;
  allowed: number | null;
  adjustments: EobAdjustment[];
}

/** The charge line being paid: what it was billed and what it still owes. */
export interface EobCharge {
  charge: number;
  balance: number;
}

const ADJUSTMENT = /^(CO|PR|OA|PI|CR)-([A-Z0-9]{1,5})(?:[:=](.+))?$/;
const isGroup = (value: string): value is AdjustmentGroup => (ADJUSTMENT_GROUPS as readonly string[]).includes(value);

/** An empty answer: the line is not on this EOB. */
export const SKIPPED = null;

/** The line typed, SKIPPED for an empty answer, or why it is refused (a sentence for the palette). */
export function parseEobLine(typed: string, line: EobCharge): EobLine | typeof SKIPPED | string {
  const words = typed
    .trim()
    .toUpperCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return SKIPPED;
  const paid = parseDollarsToCents(words[0] ?? '');
  if (paid === null && words[0] !== '0') return 'Start with the amount paid, like 80.00 (0 when nothing was paid).';
  let next = 1;
  let allowed: number | null = null;
  const maybeAllowed = words[1] === undefined ? null : parseDollarsToCents(words[1]);
  if (maybeAllowed !== null) {
    allowed = maybeAllowed;
    next = 2;
  }
  const adjustments: EobAdjustment[] = [];
  while (next < words.length) {
    const match = ADJUSTMENT.exec(words[next] ?? '');
    if (!match?.[1] || !match[2] || !isGroup(match[1]))
      return `"${words[next]}" is not an adjustment: type GROUP-REASON then the amount, like PR-1 20.00 (groups CO, PR, OA, PI, CR).`;
    const amountText = match[3] ?? words[next + 1];
    const amount = amountText === undefined ? null : parseDollarsToCents(amountText);
    if (amount === null || amount === 0)
      return `Give the amount of ${match[1]}-${match[2]}, like ${match[1]}-${match[2]} 20.00.`;
    adjustments.push({ group: match[1], reason: match[2], amount });
    next += match[3] === undefined ? 2 : 1;
  }
  const paidCents = paid ?? 0;
  if (allowed !== null && allowed < paidCents)
    return `The allowed amount ${formatCents(allowed)} is less than the ${formatCents(paidCents)} paid.`;
  if (allowed !== null && allowed > line.charge)
    return `The allowed amount ${formatCents(allowed)} is more than the ${formatCents(line.charge)} charged.`;
  if (allowed !== null && allowed < line.charge && !adjustments.some((adjustment) => adjustment.group === 'CO'))
    adjustments.unshift({ group: 'CO', reason: '45', amount: line.charge - allowed });
  const total = paidCents + adjustments.reduce((sum, adjustment) => sum + adjustment.amount, 0);
  if (total > line.balance)
    return `Paid and adjusted come to ${formatCents(total)}, more than the ${formatCents(line.balance)} the line owes.`;
  if (total === 0) return 'Nothing paid or adjusted: leave the answer empty to skip the line.';
  return { paid: paidCents, allowed, adjustments };
}

/** "paid $80.00 · CO-45 $50.00 · PR-1 $20.00": the line back in words, for the confirm step. */
export function eobLineText(line: EobLine): string {
  return [
    `paid ${formatCents(line.paid)}`,
    ...line.adjustments.map(
      (adjustment) => `${adjustment.group}-${adjustment.reason} ${formatCents(adjustment.amount)}`,
    ),
  ].join(' · ');
}
