/**
 * Advance payments by keyboard: take a deposit for a patient, apply a patient's credit to the
 * claim on screen, refund it, reverse it, or change the visit it is for. The patient is found as
 * "New claim…" finds one (type a name or account number, pick the hit); the advance is picked
 * from the patient's list with what is left on each. On the advance payments screen they act on
 * the advance under the cursor instead (apply then asks for one of its patient's claims). The
 * server checks and posts, and spreads an advance applied to a claim over its lines; these
 * commands only ask and report.
 */
import { isCalendarDate } from '../../contract/claimStatusChange.ts';
import { ADVANCE_PAYMENT_METHODS, type AdvancePaymentRow } from '../../contract/advancePayments.ts';
import type { ListedAdvance } from '../../contract/advancePaymentList.ts';
import type { ChargeLine } from '../../contract/claimDetail.ts';
import { claimSearchQuerySchema } from '../../contract/claims.ts';
import { formatCents } from '../../contract/money.ts';
import {
  addAdvancePayment,
  applyAdvancePayment,
  getClaimAdvancePayments,
  getPatientAdvancePayments,
  refundAdvancePayment,
  reverseAdvancePayment,
  updateAdvancePaymentDos,
} from '../../src/api/advancePayments.ts';
import { getAllClaimsSearchData } from '../../src/api/claims.ts';
import { getSystemGlobalSearch } from '../../src/api/globalSearch.ts';
import { parseDollarsToCents } from '../../src/console/stepAnswers.ts';
import type { Command, CommandChoice, CommandContext, CommandStep } from '../../src/console/types.ts';
import { getChargesData } from '../../src/features/panes/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { postingDateOf } from '../general/postingDate.ts';
import { openClaim } from '../claims/openClaim.ts';

/** A text step's answer; an unanswered step gives ''. */
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const onClaim = (ctx: CommandContext) => openClaim(ctx) !== null;
const NOTHING = 'none';

/** The advance under the cursor of the advance payments screen, or null off it. */
const advanceUnderCursor = () => targetOf('advance')?.advance ?? null;

const METHOD_NAMES: Record<(typeof ADVANCE_PAYMENT_METHODS)[number], string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  ach: 'ACH / bank transfer',
};

/** "#12 $80.00 left of $125.00 · card VISA 4242 · DOS 2026-12-01" */
export function advanceChoice(row: AdvancePaymentRow): CommandChoice {
  const reference = [row.method, row.reference].filter(Boolean).join(' ');
  return {
    value: String(row.advancePaymentID),
    label: `#${row.advancePaymentID} ${formatCents(row.unapplied)} left of ${formatCents(row.amount)}`,
    hint: [
      `received ${row.receivedOn}`,
      reference,
      row.dateOfService ? `DOS ${row.dateOfService}` : 'no DOS',
      row.status === 'active' ? '' : row.status,
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

/** The advances a command can act on, or one choice that says why there is none. */
export function advanceChoices(
  rows: readonly AdvancePaymentRow[],
  usable: (row: AdvancePaymentRow) => boolean,
  none: string,
): CommandChoice[] {
  const picked = rows.filter(usable).map(advanceChoice);
  return picked.length > 0 ? picked : [{ value: NOTHING, label: none }];
}

/** Cents typed, null for an empty answer (the whole of what is left), or why it is refused. */
export function amountProblem(typed: string): string | null {
  if (typed.trim() === '') return null;
  const cents = parseDollarsToCents(typed);
  if (cents === null) return 'Type an amount in dollars, like 12.50, or leave it empty for all that is left.';
  return cents === 0 ? 'The amount must be more than $0.00.' : null;
}

const optionalDate = (what: string) => (value: string) =>
  value.trim() === '' || isCalendarDate(value.trim()) ? null : `Type the ${what} as YYYY-MM-DD, or leave it empty.`;

const patientSteps: readonly CommandStep[] = [
  {
    key: 'patientSearch',
    kind: 'text',
    title: 'Patient',
    placeholder: 'Name (LAST, FIRST) or account number',
    validate: (value) =>
      value.trim().length < 2 ? 'Type at least 2 letters of the name or the account number.' : null,
  },
  {
    key: 'patientID',
    kind: 'choice',
    title: 'Which patient',
    choices: async (_ctx, answers) =>
      (await getSystemGlobalSearch(String(answers.patientSearch), { background: true }))
        .filter((hit) => hit.type === 'patient')
        .map((hit) => ({ value: String(hit.id), label: hit.label, hint: hit.detail })),
  },
];

/** Patient, then one of their advances that `usable` allows; none on the advance payments screen (its cursor's). */
function advanceSteps(usable: (row: AdvancePaymentRow) => boolean, none: string): readonly CommandStep[] {
  if (advanceUnderCursor() !== null) return [];
  return [
    ...patientSteps,
    {
      key: 'advancePaymentID',
      kind: 'choice',
      title: 'Advance payment',
      choices: async (_ctx, answers) =>
        advanceChoices(
          (await getPatientAdvancePayments(Number(answers.patientID), { background: true })).rows,
          usable,
          none,
        ),
    },
  ];
}

const hasCredit = (row: AdvancePaymentRow) => row.status === 'active' && row.unapplied > 0;
const canReverse = (row: AdvancePaymentRow) => row.status === 'active' && row.refunded === 0;
const canRedate = (row: AdvancePaymentRow) => row.status !== 'reversed';

/** The advance picked in the steps, or the one under the screen's cursor when the steps were skipped. */
export function pickedAdvance(
  args: Readonly<Record<string, unknown>>,
  cursor: Pick<ListedAdvance, 'advancePaymentID' | 'patientID'> | null,
): { advancePaymentID: number; patientID: number } | null {
  if (args.advancePaymentID === NOTHING) return null;
  if (args.advancePaymentID !== undefined)
    return { advancePaymentID: Number(args.advancePaymentID), patientID: Number(args.patientID) };
  return cursor === null ? null : { advancePaymentID: cursor.advancePaymentID, patientID: cursor.patientID };
}

/** On the advance payments screen: why the advance under the cursor cannot take the command; null elsewhere. */
function cursorReason(usable: (row: AdvancePaymentRow) => boolean, why: string): string | null {
  const cursor = advanceUnderCursor();
  if (cursor === null) return null;
  return usable(cursor) ? null : `Advance #${cursor.advancePaymentID} ${why}.`;
}

/** What the lines of a claim still owe, void and deleted lines left out. */
function owedOn(charges: readonly ChargeLine[]): number {
  return charges.reduce(
    (sum, line) => sum + (line.status === 'void' || line.status === 'deleted' ? 0 : Math.max(line.balance, 0)),
    0,
  );
}

/** The claims of the patient that still owe something, for "apply" from the advance payments screen. */
async function owingClaimChoices(patientID: number): Promise<CommandChoice[]> {
  const { rows } = await getAllClaimsSearchData(
    claimSearchQuerySchema.parse({ patientID, balanceMin: 1, pageSize: 100, sortColumn: 'dosFrom' }),
    { background: true },
  );
  if (rows.length === 0) return [{ value: NOTHING, label: "The patient's claims owe nothing." }];
  return rows.map((claim) => ({
    value: String(claim.claimID),
    label: `Claim ${claim.claimID} owes ${formatCents(claim.balance)}`,
    hint: [`DOS ${claim.dosFrom}`, claim.payerName ?? 'self-pay', claim.claimStatus].join(' · '),
  }));
}

const addAdvance: Command = {
  id: 'payments.addAdvancePayment',
  title: 'Add advance payment…',
  group: 'Payments',
  keywords: ['advance', 'deposit', 'prepayment', 'credit', 'collect', 'patient payment', 'copay', 'check-in'],
  screenKey: 'n',
  privilege: 'PATIENTS',
  steps: [
    ...patientSteps,
    { key: 'amount', kind: 'amount', title: 'Amount', placeholder: 'e.g. 125.00' },
    {
      key: 'method',
      kind: 'choice',
      title: 'Method',
      choices: () => ADVANCE_PAYMENT_METHODS.map((method) => ({ value: method, label: METHOD_NAMES[method] })),
    },
    {
      key: 'reference',
      kind: 'text',
      title: 'Reference (optional)',
      placeholder: 'Check number or card last four; Enter to skip',
      validate: (value) => (value.trim().length > 50 ? 'At most 50 characters.' : null),
    },
    {
      key: 'receivedOn',
      kind: 'text',
      title: 'Received on',
      placeholder: 'YYYY-MM-DD; Enter for today',
      validate: optionalDate('date'),
    },
    {
      key: 'dateOfService',
      kind: 'text',
      title: 'Date of service (optional)',
      placeholder: 'YYYY-MM-DD of the visit; Enter to skip',
      validate: optionalDate('date of service'),
    },
  ],
  run: async (ctx, args) => {
    const reference = textOf(args.reference);
    const dateOfService = textOf(args.dateOfService);
    const method = ADVANCE_PAYMENT_METHODS.find((each) => each === args.method) ?? 'cash';
    const reply = await addAdvancePayment(
      {
        patientID: Number(args.patientID),
        amount: Number(args.amount),
        method,
        receivedOn: postingDateOf(textOf(args.receivedOn), new Date()),
        ...(reference === '' ? {} : { reference }),
        ...(dateOfService === '' ? {} : { dateOfService }),
      },
      { source: ctx.source },
    );
    recordsChanged('advance', [reply.advancePaymentID]);
    notify.success(
      `${formatCents(Number(args.amount))} ${METHOD_NAMES[method]} is the patient's credit (advance #${reply.advancePaymentID}).`,
    );
  },
};

const applyAmountStep: CommandStep = {
  key: 'amount',
  kind: 'text',
  title: 'Amount',
  placeholder: 'Enter for as much as the claim owes, up to what is left; or an amount like 50.00',
  validate: amountProblem,
};
const onAdvance = () => advanceUnderCursor() !== null;

const applyToClaim: Command = {
  id: 'payments.applyAdvancePayment',
  title: 'Apply advance payment to this claim…',
  group: 'Payments',
  keywords: ['advance', 'credit', 'deposit', 'apply', 'prepayment', 'patient payment', 'use credit'],
  shortcut: 'Alt+Shift+a',
  screenKey: 'a',
  privilege: 'PAYMENTS',
  when: (ctx) => onClaim(ctx) || onAdvance(),
  disabledReason: (ctx) =>
    onClaim(ctx)
      ? null
      : onAdvance()
        ? cursorReason(hasCredit, 'has no credit left to apply')
        : 'Open a claim, or the advance payments screen, first.',
  // On a claim: which of its patient's advances. On the advance payments screen: which of the cursor patient's claims.
  get steps(): readonly CommandStep[] {
    const cursor = advanceUnderCursor();
    if (cursor !== null)
      return [
        {
          key: 'claimID',
          kind: 'choice',
          title: `Claim of ${cursor.patientName} to apply advance #${cursor.advancePaymentID} to`,
          choices: () => owingClaimChoices(cursor.patientID),
        },
        applyAmountStep,
      ];
    return [
      {
        key: 'advancePaymentID',
        kind: 'choice',
        title: 'Advance payment',
        choices: async (ctx) =>
          ctx.record
            ? advanceChoices(
                (await getClaimAdvancePayments(ctx.record.id, { background: true })).rows,
                hasCredit,
                "This claim's patient has no advance payment with credit left.",
              )
            : [],
      },
      applyAmountStep,
    ];
  },
  run: async (ctx, args) => {
    const cursor = advanceUnderCursor();
    const claimID =
      args.claimID !== undefined ? Number(args.claimID) : ctx.record?.type === 'claim' ? ctx.record.id : null;
    if (claimID === null || Number.isNaN(claimID) || args.claimID === NOTHING || args.advancePaymentID === NOTHING) {
      notify.info('Nothing was applied.');
      return;
    }
    const advances = (await getClaimAdvancePayments(claimID, { background: true })).rows;
    const wanted = args.advancePaymentID !== undefined ? Number(args.advancePaymentID) : cursor?.advancePaymentID;
    const advance = advances.find((row) => row.advancePaymentID === wanted);
    if (!advance) {
      notify.warning('That advance payment has no credit left; nothing was applied.');
      return;
    }
    const shown = targetOf('claim');
    const charges =
      shown?.id === claimID ? shown.charges : (await getChargesData(claimID, { background: true })).charges;
    const owed = owedOn(charges);
    const typed = textOf(args.amount) === '' ? null : parseDollarsToCents(textOf(args.amount));
    if (typed !== null && typed > owed) {
      notify.warning(
        `Claim ${claimID} owes ${formatCents(owed)}, less than ${formatCents(typed)}; nothing was applied.`,
      );
      return;
    }
    if (owed === 0) {
      notify.info('The claim has no open line with a balance; nothing was applied.');
      return;
    }
    // The server spreads it over the claim's open lines in line order: the amount typed (past the
    // advance's credit it is refused, saying what is left), else what the claim owes up to the credit.
    const reply = await applyAdvancePayment(
      { advancePaymentID: advance.advancePaymentID, claimID, ...(typed === null ? {} : { amount: typed }) },
      { source: ctx.source },
    );
    recordsChanged('claim', [claimID]);
    recordsChanged('advance', [advance.advancePaymentID]);
    notify.success(
      `Applied ${formatCents(reply.applied)} of advance #${advance.advancePaymentID} to claim ${claimID}; ${formatCents(reply.unapplied)} is left as credit.`,
    );
  },
};

const refundAdvance: Command = {
  id: 'payments.refundAdvancePayment',
  title: 'Refund advance payment…',
  group: 'Payments',
  keywords: ['advance', 'refund', 'credit', 'give back', 'return', 'deposit', 'overpayment'],
  screenKey: 'r',
  privilege: 'PATIENTS',
  disabledReason: () => cursorReason(hasCredit, 'has no credit left to refund'),
  get steps(): readonly CommandStep[] {
    return [
      ...advanceSteps(hasCredit, 'The patient has no advance payment with credit left to refund.'),
      {
        key: 'amount',
        kind: 'text',
        title: 'Amount',
        placeholder: 'Enter for all that is left, or an amount like 20.00',
        validate: amountProblem,
      },
      {
        key: 'reference',
        kind: 'text',
        title: 'Reference (optional)',
        placeholder: 'Refund check number; Enter to skip',
        validate: (value) => (value.trim().length > 50 ? 'At most 50 characters.' : null),
      },
    ];
  },
  run: async (ctx, args) => {
    const picked = pickedAdvance(args, advanceUnderCursor());
    if (picked === null) {
      notify.info('Nothing was refunded.');
      return;
    }
    const amount = textOf(args.amount) === '' ? null : parseDollarsToCents(textOf(args.amount));
    const reference = textOf(args.reference);
    const reply = await refundAdvancePayment(
      {
        advancePaymentID: picked.advancePaymentID,
        ...(amount === null ? {} : { amount }),
        ...(reference === '' ? {} : { reference }),
      },
      { source: ctx.source },
    );
    recordsChanged('advance', [picked.advancePaymentID]);
    notify.success(
      `Refunded ${formatCents(reply.refunded)}; ${reply.status === 'refunded' ? 'nothing is left on this advance.' : `${formatCents(reply.unapplied)} is left.`}`,
    );
  },
};

const reverseAdvance: Command = {
  id: 'payments.reverseAdvancePayment',
  title: 'Reverse advance payment…',
  group: 'Payments',
  keywords: ['advance', 'reverse', 'undo', 'bounced', 'nsf', 'entered in error', 'void', 'deposit'],
  screenKey: 'v',
  privilege: 'PATIENTS',
  disabledReason: () => cursorReason(canReverse, 'cannot be reversed (refunded or reversed ones cannot)'),
  get steps(): readonly CommandStep[] {
    return [
      ...advanceSteps(
        canReverse,
        'The patient has no advance payment that can be reversed (refunded or reversed ones cannot).',
      ),
      {
        key: 'postingDate',
        kind: 'text',
        title: 'Posting date',
        placeholder: 'YYYY-MM-DD; Enter for today',
        validate: optionalDate('posting date'),
      },
      {
        key: 'confirm',
        kind: 'choice',
        title: 'Confirm',
        choices: async (_ctx, answers) => {
          const picked = pickedAdvance(answers, advanceUnderCursor());
          const row =
            picked === null
              ? undefined
              : (await getPatientAdvancePayments(picked.patientID, { background: true })).rows.find(
                  (each) => each.advancePaymentID === picked.advancePaymentID,
                );
          if (!row) return [{ value: NOTHING, label: 'Cancel' }];
          const taken = row.applied > 0 ? `; the ${formatCents(row.applied)} it paid on claims is owed again` : '';
          return [
            { value: 'go', label: `Reverse advance #${row.advancePaymentID}, ${formatCents(row.amount)}${taken}` },
            { value: NOTHING, label: 'Cancel' },
          ];
        },
      },
    ];
  },
  run: async (ctx, args) => {
    const picked = pickedAdvance(args, advanceUnderCursor());
    if (picked === null || args.confirm !== 'go') {
      notify.info('Nothing was reversed.');
      return;
    }
    const reply = await reverseAdvancePayment(
      picked.advancePaymentID,
      postingDateOf(textOf(args.postingDate), new Date()),
      { source: ctx.source },
    );
    // The claims it had paid are not named in the reply: every claim on screen is read again.
    if (reply.applicationsTakenBack > 0) recordsChanged('claim');
    recordsChanged('advance', [picked.advancePaymentID]);
    notify.success(
      `${reply.message} ${reply.applicationsTakenBack > 0 ? `${formatCents(reply.applicationsTakenBack)} it had paid on claims is owed again.` : `${formatCents(reply.reversed)} is no longer the patient's credit.`}`,
    );
  },
};

const changeDos: Command = {
  id: 'payments.changeAdvancePaymentDos',
  title: 'Change advance payment DOS…',
  group: 'Payments',
  keywords: ['advance', 'date of service', 'dos', 'visit', 'deposit', 'change date'],
  screenKey: 'd',
  privilege: 'PATIENTS',
  disabledReason: () => cursorReason(canRedate, 'is reversed; its date of service cannot change'),
  get steps(): readonly CommandStep[] {
    return [
      ...advanceSteps(canRedate, 'The patient has no advance payment whose date of service can change.'),
      {
        key: 'dateOfService',
        kind: 'text',
        title: 'Date of service',
        placeholder: 'YYYY-MM-DD',
        validate: (value) => (isCalendarDate(value.trim()) ? null : 'Type the date of service as YYYY-MM-DD.'),
      },
    ];
  },
  run: async (ctx, args) => {
    const picked = pickedAdvance(args, advanceUnderCursor());
    if (picked === null) {
      notify.info('Nothing was changed.');
      return;
    }
    await updateAdvancePaymentDos(picked.advancePaymentID, textOf(args.dateOfService), { source: ctx.source });
    recordsChanged('advance', [picked.advancePaymentID]);
    notify.success(`Advance #${picked.advancePaymentID} is now for the visit of ${textOf(args.dateOfService)}.`);
  },
};

export const advancePaymentCommands: readonly Command[] = [
  addAdvance,
  applyToClaim,
  refundAdvance,
  reverseAdvance,
  changeDos,
];
