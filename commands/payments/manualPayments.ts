/**
 * Payments keyed by hand on one claim: the claim open in claim detail, or the claim under the
 * cursor of a claims list (`paymentClaim.ts`). A paper EOB (check number and date, then per open
 * line what was paid, allowed and adjusted with group and reason codes) and a patient payment
 * (amount, method, reference) for the claim, which the server spreads over its open lines in line
 * order. The server posts the ledger rows and the balances in one transaction; these commands ask,
 * check what they can, and report what the claim owes after.
 */
import type { ChargeLine } from '../../contract/claimDetail.ts';
import { PATIENT_PAYMENT_METHODS } from '../../contract/era.ts';
import { formatCents } from '../../contract/money.ts';
import { saveInsurancePayment, savePatientPayment } from '../../src/api/manualPayments.ts';
import type { Command, CommandArgs, CommandContext, CommandStep } from '../../src/console/types.ts';
import { getClaimDetailData } from '../../src/features/panes/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { checkedPostingDateStep, postingDateOf } from '../general/postingDate.ts';
import { shownClaim } from '../claims/openClaim.ts';
import { eobLineText, parseEobLine, type EobLine } from './eobLine.ts';
import {
  forgetReadLines,
  linesOf,
  noPaymentClaimReason,
  openLinesOf,
  owedOn,
  paymentClaimID,
  paymentSteps,
} from './paymentClaim.ts';
import { claimInFocus } from '../workspace/workspace.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const hasClaim = (ctx: CommandContext) => claimInFocus(ctx) !== null;
/** No claim at hand, or the open claim owes nothing; a list's cursor claim is read by the claim step. */
function paymentReason(ctx: CommandContext): string | null {
  const claimID = claimInFocus(ctx);
  if (claimID === null) return noPaymentClaimReason(ctx);
  const shown = shownClaim();
  return shown?.id === claimID && openLinesOf(shown.charges).length === 0
    ? 'The claim has no line with a balance.'
    : null;
}

const METHOD_NAMES: Record<(typeof PATIENT_PAYMENT_METHODS)[number], string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  ach: 'ACH / bank transfer',
};

/** The claim's figures changed, and ledger rows were posted on it. */
function paymentPosted(claimID: number): void {
  recordsChanged('claim', [claimID]);
  recordsChanged('posting');
}

const lineKey = (line: Pick<ChargeLine, 'chargeID'>) => `line${line.chargeID}`;

/** The EOB lines answered so far, by charge; skipped lines are left out. */
export function eobLinesOf(lines: readonly ChargeLine[], answers: CommandArgs): { line: ChargeLine; eob: EobLine }[] {
  return lines.flatMap((line) => {
    const parsed = parseEobLine(text(answers[lineKey(line)]), line);
    return parsed === null || typeof parsed === 'string' ? [] : [{ line, eob: parsed }];
  });
}

function lineStep(line: ChargeLine): CommandStep {
  const code = [line.cptCode, ...line.modifiers].join(' ');
  return {
    key: lineKey(line),
    kind: 'text',
    title: `Line ${line.lineNumber} · ${code} · charged ${formatCents(line.charge)}, owes ${formatCents(line.balance)}: paid, allowed, adjustments`,
    placeholder: 'e.g. 80.00 100.00 PR-1 20.00 (CO-45 for charge less allowed is added); Enter if not on this EOB',
    validate: (value) => {
      const parsed = parseEobLine(value, line);
      return typeof parsed === 'string' ? parsed : null;
    },
  };
}

const paperEob: Command = {
  id: 'payments.postPaperEob',
  title: 'Post paper EOB (insurance payment)…',
  group: 'Payments',
  keywords: [
    'eob',
    'paper eob',
    'insurance payment',
    'manual payment',
    'check',
    'post payment',
    'allowed',
    'adjustment',
    'carc',
    'denial',
  ],
  shortcut: 'Alt+Shift+i',
  privilege: 'PAYMENTS',
  when: hasClaim,
  disabledReason: paymentReason,
  // One step a line that owes: known from the claim on screen, or once the claim step read them.
  get steps(): readonly CommandStep[] {
    return paymentSteps((lines) => [
      {
        key: 'reference',
        kind: 'text',
        title: 'Check or EOB number',
        placeholder: 'As printed on the EOB',
        validate: (value) =>
          value.trim() === ''
            ? 'Give the check or EOB number.'
            : value.trim().length > 50
              ? 'At most 50 characters.'
              : null,
      },
      checkedPostingDateStep('checkDate', 'Check date (posting date)', paymentClaimID),
      ...lines.map(lineStep),
      {
        key: 'confirm',
        kind: 'choice',
        title: 'Post it?',
        choices: (_ctx, answers) => {
          const answered = eobLinesOf(lines, answers);
          if (answered.length === 0) return [{ value: 'cancel', label: 'No line was answered: nothing to post' }];
          const paid = answered.reduce((sum, each) => sum + each.eob.paid, 0);
          return [
            {
              value: 'post',
              label: `Post ${formatCents(paid)} paid on ${answered.length} line${answered.length === 1 ? '' : 's'}, check ${text(answers.reference)}`,
              hint: answered.map((each) => `line ${each.line.lineNumber}: ${eobLineText(each.eob)}`).join('; '),
            },
            { value: 'cancel', label: 'Cancel' },
          ];
        },
      },
    ]);
  },
  run: async (ctx, args) => {
    try {
      await postPaperEob(ctx, args);
    } finally {
      forgetReadLines();
    }
  },
};

/** A line's balance moved since the biller saw it (another posting): the EOB's figures no longer fit. */
async function changedSinceRead(claimID: number, lines: readonly { line: ChargeLine }[]): Promise<boolean> {
  if (shownClaim()?.id === claimID) return false;
  const { charges } = await getClaimDetailData(claimID, { background: true });
  return lines.some(({ line }) => charges.find((each) => each.chargeID === line.chargeID)?.balance !== line.balance);
}

async function postPaperEob(ctx: CommandContext, args: CommandArgs): Promise<void> {
  const claimID = paymentClaimID(ctx, args);
  const lines = claimID === null ? [] : eobLinesOf(openLinesOf(linesOf(claimID) ?? []), args);
  if (claimID === null || args.confirm !== 'post' || lines.length === 0) {
    notify.info('Nothing was posted.');
    return;
  }
  if (await changedSinceRead(claimID, lines)) {
    notify.warning(
      `Claim ${claimID} changed while the EOB was typed; nothing was posted.`,
      'Run "Post paper EOB (insurance payment)…" again: it shows what each line owes now.',
    );
    return;
  }
  const paid = lines.reduce((sum, each) => sum + each.eob.paid, 0);
  const reply = await saveInsurancePayment(
    {
      claimID,
      reference: text(args.reference),
      postingDate: postingDateOf(text(args.checkDate), new Date()),
      // An EOB that pays nothing on any line is the payer's denial of the claim.
      denied: paid === 0,
      lines: lines.map(({ line, eob }) => ({
        chargeID: line.chargeID,
        paid: eob.paid,
        adjustments: eob.adjustments.map((adjustment) => ({ ...adjustment })),
      })),
    },
    { source: ctx.source },
  );
  paymentPosted(claimID);
  notify.success(`Claim ${claimID}: ${formatCents(reply.paid)} paid; it now owes ${formatCents(reply.balanceAfter)}.`);
}

const patientPaymentSteps: readonly CommandStep[] = [
  {
    key: 'amount',
    kind: 'amount',
    title: 'Amount paid',
    placeholder: 'e.g. 25.00; spread over the open lines in line order',
  },
  {
    key: 'method',
    kind: 'choice',
    title: 'Method',
    choices: () => PATIENT_PAYMENT_METHODS.map((method) => ({ value: method, label: METHOD_NAMES[method] })),
  },
  {
    key: 'reference',
    kind: 'text',
    title: 'Reference (optional)',
    placeholder: 'Check number or card last four; Enter to skip',
    validate: (value) => (value.trim().length > 50 ? 'At most 50 characters.' : null),
  },
  checkedPostingDateStep('postingDate', 'Posting date', paymentClaimID),
];

const patientPayment: Command = {
  id: 'payments.postPatientPayment',
  title: 'Post patient payment…',
  group: 'Payments',
  keywords: [
    'patient payment',
    'copay',
    'coinsurance',
    'deductible',
    'self-pay',
    'cash',
    'card',
    'check',
    'collect',
    'manual payment',
  ],
  shortcut: 'Alt+Shift+p',
  privilege: 'PAYMENTS',
  when: hasClaim,
  disabledReason: paymentReason,
  get steps(): readonly CommandStep[] {
    return paymentSteps(() => patientPaymentSteps);
  },
  run: async (ctx, args) => {
    forgetReadLines();
    const claimID = paymentClaimID(ctx, args);
    if (claimID === null || args.amount === undefined) {
      notify.info('Nothing was posted.');
      return;
    }
    const amount = Number(args.amount);
    // Read again: the lines on screen, or read by the claim step, may be older than another biller's posting.
    const { header, charges } = await getClaimDetailData(claimID, { background: true });
    const owes = owedOn(charges);
    if (amount > owes) {
      notify.warning(
        `Claim ${claimID} owes ${formatCents(owes)}, less than ${formatCents(amount)}; nothing was posted.`,
        'Post what the claim owes and keep the rest as an advance payment ("Add advance payment…").',
      );
      return;
    }
    const method = PATIENT_PAYMENT_METHODS.find((each) => each === args.method) ?? 'cash';
    const reference = text(args.reference);
    const reply = await savePatientPayment(
      {
        patientID: header.patientID,
        method,
        postingDate: postingDateOf(text(args.postingDate), new Date()),
        claimID,
        amount,
        ...(reference === '' ? {} : { reference }),
      },
      { source: ctx.source },
    );
    paymentPosted(claimID);
    notify.success(
      `${formatCents(reply.applied)} ${METHOD_NAMES[method]} on claim ${claimID}; it now owes ${formatCents(owes - reply.applied)}.`,
    );
  },
};

export const manualPaymentCommands: readonly Command[] = [paperEob, patientPayment];
