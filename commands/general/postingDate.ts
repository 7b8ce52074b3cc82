/**
 * The date a posting is booked on, as the money commands ask for it: typed as YYYY-MM-DD, or left
 * empty for today on the biller's own calendar.
 */
import { isCalendarDate } from '../../contract/claimStatusChange.ts';
import type { CommandStep } from '../../src/console/types.ts';

/** The posting date typed, or today (the biller's own calendar day) when left empty. */
export function postingDateOf(typed: string, now: Date): string {
  const text = typed.trim();
  if (text !== '') return text;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A step asking for a date, empty for today. */
export const dateStep = (key: string, title: string): CommandStep => ({
  key,
  kind: 'text',
  title,
  placeholder: 'YYYY-MM-DD; Enter for today',
  validate: (value) =>
    value.trim() === '' || isCalendarDate(value.trim())
      ? null
      : 'Type the date as YYYY-MM-DD, or leave it empty for today.',
});

export const postingDateStep: CommandStep = dateStep('postingDate', 'Posting date');
