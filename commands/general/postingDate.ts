/**
 * The date a posting is booked on, as the money commands ask for it: typed as YYYY-MM-DD, or left
 * empty for today on the biller's own calendar.
 */
import { isCalendarDate } from '../../contract/claimStatusChange.ts';
import { getPostingDateCheck } from '../../src/api/lookups.ts';
import type { CommandArgs, CommandContext, CommandStep } from '../../src/console/types.ts';

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

/**
 * A posting date step for a payment on one claim: as the biller types, the server says whether the
 * date may be used (not after today, not in a month closed at month-end for the claim's practice),
 * and its refusal shows under the field before anything is posted. Empty (today) is not asked.
 */
export function checkedPostingDateStep(
  key: string,
  title: string,
  claimOf: (ctx: CommandContext, answers: CommandArgs) => number | null,
): CommandStep {
  const step = dateStep(key, title);
  if (step.kind !== 'text') return step;
  return {
    ...step,
    check: async (value, ctx, answers) => {
      const claimID = claimOf(ctx, answers);
      const day = value.trim();
      if (claimID === null || day === '') return null;
      const reply = await getPostingDateCheck(day, claimID, { silent: true, background: true });
      return reply.allowed ? null : reply.message;
    },
  };
}

/** The posting date of a money change on the open claim (write-off, balance transfer, void), checked as it is typed. */
export const claimPostingDateStep: CommandStep = checkedPostingDateStep('postingDate', 'Posting date', (ctx) =>
  ctx.record?.type === 'claim' ? ctx.record.id : null,
);
