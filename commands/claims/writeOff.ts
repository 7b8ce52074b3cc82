/**
 * Write-offs by keyboard: part or all of the open claim's balance, a small-balance run over the
 * claims picked in the list (or all matching, confirmed with the count and total first), and the
 * open claim's financial summary as a toast. The server spreads, checks and posts; the screen and
 * the list reload after every write-off.
 */
import type { ClaimFinancialReply } from '../../contract/claimFinancial.ts';
import type { Job } from '../../contract/jobs.ts';
import { formatCents } from '../../contract/money.ts';
import {
  MASS_WRITE_OFF_LIMIT,
  reasonCodeText,
  WRITE_OFF_NOTE_LIMIT,
  WRITE_OFF_REASONS,
  writeOffReason,
} from '../../contract/writeOff.ts';
import {
  getClaimFinancial,
  getMassWriteOffData,
  saveWriteOff,
  startMassWriteOff,
  type WriteOffTarget,
} from '../../src/api/writeOff.ts';
import { parseDollarsToCents } from '../../src/console/stepAnswers.ts';
import type { Command, CommandChoice, CommandContext, CommandStep } from '../../src/console/types.ts';
import { followRun, outcomeText, runOf, whenRunEnds } from '../../src/features/bulk/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { claimPostingDateStep, postingDateOf } from '../general/postingDate.ts';

const onClaim = (ctx: CommandContext) => ctx.record?.type === 'claim';
const openClaimReason = (ctx: CommandContext) => (onClaim(ctx) ? null : 'Open a claim first.');
const claimsPicked = (ctx: CommandContext) =>
  ctx.selection.recordType === 'claim' && (ctx.selection.ids.length > 0 || ctx.selection.allMatching !== null);
/** A text step's answer; an unanswered step gives ''. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const plural = (count: number, one: string) => (count === 1 ? `1 ${one}` : `${count.toLocaleString('en-US')} ${one}s`);

const reasonChoices = (): CommandChoice[] =>
  WRITE_OFF_REASONS.map((reason) => ({
    value: String(reason.reasonID),
    label: reason.name,
    hint: reasonCodeText(reason),
  }));

/** Cents typed in the amount step; null when left empty (the whole balance). */
export function typedCents(typed: string): number | null {
  return typed.trim() === '' ? null : parseDollarsToCents(typed);
}

export function amountProblem(typed: string): string | null {
  if (typed.trim() === '') return null;
  const cents = parseDollarsToCents(typed);
  if (cents === null) return 'Type an amount in dollars, like 12.50, or leave it empty for the whole balance.';
  return cents === 0 ? 'The write-off must be more than $0.00.' : null;
}

const reasonStep: CommandStep = { key: 'reasonID', kind: 'choice', title: 'Reason', choices: reasonChoices };

const writeOffClaim: Command = {
  id: 'claims.writeOff',
  title: 'Write off claim balance…',
  group: 'Claims',
  keywords: [
    'write off',
    'write-off',
    'writeoff',
    'adjust',
    'adjustment',
    'balance',
    'bad debt',
    'timely filing',
    'small balance',
  ],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [
    reasonStep,
    {
      key: 'amount',
      kind: 'text',
      title: 'Amount',
      placeholder: 'Enter for the whole balance, or an amount like 12.50',
      validate: amountProblem,
    },
    claimPostingDateStep,
    {
      key: 'note',
      kind: 'text',
      title: 'Note (optional)',
      placeholder: 'Why, for the ledger; Enter to skip',
      validate: (value) =>
        value.trim().length > WRITE_OFF_NOTE_LIMIT ? `At most ${WRITE_OFF_NOTE_LIMIT} characters.` : null,
    },
  ],
  run: async (ctx, args) => {
    if (ctx.record?.type !== 'claim') return;
    const claimID = ctx.record.id;
    const amountCents = typedCents(textOf(args.amount));
    const note = textOf(args.note).trim();
    const reply = await saveWriteOff(
      {
        claimID,
        reasonID: Number(args.reasonID),
        postingDate: postingDateOf(textOf(args.postingDate), new Date()),
        ...(amountCents === null ? {} : { amountCents }),
        ...(note === '' ? {} : { note }),
      },
      { source: ctx.source },
    );
    recordsChanged('claim', [claimID]);
    recordsChanged('posting');
    const reason = writeOffReason(Number(args.reasonID));
    const what = amountCents === null ? 'the whole balance' : formatCents(amountCents);
    notify.success(
      `Wrote off ${what} on claim ${claimID}${reason ? ` (${reasonCodeText(reason)})` : ''}; balance now ${formatCents(reply.claimBalance)}.`,
    );
  },
};

function targetOf(ctx: CommandContext): WriteOffTarget {
  return ctx.selection.allMatching ? { query: ctx.selection.allMatching.query } : { claimIDS: ctx.selection.ids };
}

/** The confirmation: how many claims and how much the run would write off, or why it would do nothing. */
export async function confirmChoices(
  ctx: CommandContext,
  answers: Readonly<Record<string, unknown>>,
): Promise<CommandChoice[]> {
  const limit = Number(answers.maxBalanceCents);
  if (!(limit > 0))
    return [{ value: 'cancel', label: 'A limit of $0.00 writes off nothing: go back and type a larger amount.' }];
  const preview = await getMassWriteOffData(targetOf(ctx), limit, { background: true });
  if (preview.count === 0)
    return [
      {
        value: 'cancel',
        label: `No ${ctx.selection.allMatching ? 'matching' : 'selected'} claim has a balance between $0.01 and ${formatCents(limit)}.`,
      },
    ];
  const sample = preview.rows.slice(0, 3).map((row) => `${row.claimID} ${row.patientName} ${formatCents(row.balance)}`);
  return [
    {
      value: 'go',
      label: `Write off ${plural(preview.count, 'claim')}, ${formatCents(preview.totalCents)}`,
      hint: `${sample.join(' · ')}${preview.count > sample.length ? ' …' : ''}`,
    },
    { value: 'cancel', label: 'Cancel' },
  ];
}

/** Resolves when the run has finished (the bulk dock polls it), with its last state. */
function runFinished(jobID: number): Promise<Job | null> {
  return new Promise((resolve) => whenRunEnds(jobID, () => resolve(runOf(jobID))));
}

const smallBalanceWriteOff: Command = {
  id: 'claims.smallBalanceWriteOff',
  title: 'Small-balance write-off of selected claims…',
  group: 'Claims',
  keywords: ['write off', 'write-off', 'writeoff', 'small balance', 'bulk', 'mass', 'adjust', 'clean up'],
  privilege: 'CLAIMS',
  batchLimit: MASS_WRITE_OFF_LIMIT,
  when: claimsPicked,
  disabledReason: (ctx) =>
    claimsPicked(ctx) ? null : 'Select claims in the claims list first (Space, Shift+arrows or Ctrl+A).',
  steps: [
    { key: 'maxBalanceCents', kind: 'amount', title: 'Write off balances up to', placeholder: 'e.g. 10.00' },
    reasonStep,
    { key: 'confirm', kind: 'choice', title: 'Confirm', choices: confirmChoices },
  ],
  run: async (ctx, args) => {
    if (args.confirm !== 'go') {
      notify.info('Nothing was written off.');
      return;
    }
    const target = targetOf(ctx);
    const reply = await startMassWriteOff(
      target,
      {
        maxBalanceCents: Number(args.maxBalanceCents),
        reasonID: Number(args.reasonID),
        postingDate: postingDateOf('', new Date()),
      },
      { source: ctx.source },
    );
    notify.info(reply.message, 'The progress bar shows the run; its report lists any claim left alone and why.');
    await followRun(reply.jobID);
    const job = await runFinished(reply.jobID);
    recordsChanged('claim', 'claimIDS' in target && target.claimIDS.length > 0 ? target.claimIDS : undefined);
    recordsChanged('posting');
    if (job)
      notify[job.failed > 0 || job.status !== 'done' ? 'warning' : 'success'](
        `Small-balance write-off: ${plural(job.succeeded, 'claim')} written off.`,
        outcomeText(job),
      );
  },
};

/** The summary as toast lines: every figure that is not zero, the balance and who owes it, and what does not add up. */
export function financialLines(summary: ClaimFinancialReply): string[] {
  const { totals } = summary;
  // Credits are what they took off, net of their reversals.
  const credit = (label: string, cents: number) =>
    cents === 0 ? [] : [`${label}: ${cents > 0 ? '−' : '+'}${formatCents(Math.abs(cents))}`];
  return [
    `Charges: ${formatCents(totals.charges)}`,
    ...credit('Insurance paid', totals.insurancePaid),
    ...credit('Patient paid', totals.patientPaid),
    ...credit('Contractual adjustments', totals.contractualAdjustments),
    ...credit('Write-offs', totals.writeOffs),
    ...credit('Other adjustments', totals.otherAdjustments),
    ...(totals.refunds === 0 ? [] : [`Refunds: +${formatCents(totals.refunds)}`]),
    ...(totals.reversals === 0
      ? []
      : [`Reversed (already out of the figures above): ${formatCents(totals.reversals)}`]),
    `Balance: ${formatCents(totals.balance)} (patient ${formatCents(totals.patientResponsibility)}, insurance ${formatCents(totals.insuranceBalance)})`,
    ...summary.problems,
  ];
}

const financialSummary: Command = {
  id: 'claims.financialSummary',
  title: 'Show claim financial summary',
  group: 'Claims',
  keywords: ['financial', 'summary', 'balance', 'paid', 'payments', 'adjustments', 'write-offs', 'money', 'ledger'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  run: async (ctx) => {
    if (ctx.record?.type !== 'claim') return;
    const summary = await getClaimFinancial(ctx.record.id, { source: ctx.source });
    const title = `Claim ${summary.claimID} (${summary.claimStatus}): balance ${formatCents(summary.totals.balance)}`;
    notify[summary.balanced ? 'info' : 'warning'](
      summary.balanced ? title : `${title}; its books do not agree`,
      financialLines(summary).join('\n'),
    );
  },
};

export const writeOffCommands: readonly Command[] = [writeOffClaim, smallBalanceWriteOff, financialSummary];
