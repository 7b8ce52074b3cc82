/**
 * Turning what the biller typed in a palette step into the value the command gets, and back into
 * the words shown in the breadcrumb. Amounts are typed in dollars and handed on as integer cents.
 */
import { cents, formatCents, type Cents } from '../../contract/money.ts';
import type { CommandChoice, CommandStep } from './types.ts';

/** Largest amount accepted: $9,999,999.99 (no single billing action is bigger). */
const MAX_CENTS = 999_999_999;

/** "12.5", "$1,234.56", " 7 " -> cents; null when it is not a plain positive dollar amount. */
export function parseDollarsToCents(text: string): Cents | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replace(/,/g, ''));
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dollars * 100 + fraction;
  return total > MAX_CENTS ? null : cents(total);
}

export type StepOutcome = { ok: true; value: unknown; shown: string } | { ok: false; error: string };

/** The answer to a text or amount step, or why it is refused. Choice steps answer by picking. */
export function answerTyped(step: CommandStep, typed: string): StepOutcome {
  switch (step.kind) {
    case 'text': {
      // Without a rule of its own a step takes anything, empty included ("Enter keeps the default").
      const error = step.validate?.(typed) ?? null;
      return error === null
        ? { ok: true, value: typed.trim(), shown: typed.trim() === '' ? '—' : typed.trim() }
        : { ok: false, error };
    }
    case 'amount': {
      const value = parseDollarsToCents(typed);
      return value === null
        ? { ok: false, error: 'Type an amount in dollars, like 12.50.' }
        : { ok: true, value, shown: formatCents(value) };
    }
    case 'choice':
      return { ok: false, error: 'Pick one of the choices.' };
  }
}

export function answerChosen(choice: CommandChoice): { value: string; shown: string } {
  return { value: choice.value, shown: choice.label };
}
