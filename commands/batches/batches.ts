/**
 * Payment batches and deposits by keyboard: open a batch for a deposit, hand it to another
 * biller, delete one nothing was posted to, reverse a posting made from a batch, and reconcile a
 * deposit once what was posted equals what was deposited. The server checks every rule; the
 * palette lists what can be picked and says what the server answered. On the payment batch
 * screens the keys run these same commands on the batch under the cursor (or the one shown); on
 * the reconciliation screen, keys and palette alike reconcile the cursor deposit and reverse the
 * cursor posting. Each change has the screens read their batches again.
 */
import { isCalendarDate } from '../../contract/claimStatusChange.ts';
import type { BatchLedgerRow, Deposit, PaymentBatch } from '../../contract/batches.ts';
import { formatCents } from '../../contract/money.ts';
import { ApiError } from '../../src/api/apiError.ts';
import {
  addPaymentBatch,
  deletePaymentBatch,
  getDeposits,
  getPaymentBatchLedger,
  getPaymentBatches,
  reassignPaymentBatch,
  reconcileDeposit,
  reversePaymentLedger,
} from '../../src/api/batches.ts';
import { getPractices } from '../../src/api/crosswalks.ts';
import { getAssignees } from '../../src/api/workQueue.ts';
import type { Command, CommandArgs, CommandChoice, CommandContext, CommandStep } from '../../src/console/types.ts';
import { canReverse, depositKey } from '../../src/features/reconciliation/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { listsNone, targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { confirmDeleteChoices } from '../general/confirmDelete.ts';
import { PAYMENT_BATCHES_PATH, PAYMENT_RECONCILIATION_PATH, paymentBatchPath } from '../../src/routing/paths.ts';

export const NEW_BATCH_FAILED = 'The payment batch was not created.';
export const REASSIGN_BATCH_FAILED = 'The payment batch was not reassigned.';
export const DELETE_BATCH_FAILED = 'The payment batch was not deleted.';
export const REVERSE_FAILED = 'The ledger posting was not reversed.';
export const RECONCILE_FAILED = 'The deposit was not reconciled.';

const background = { silent: true, background: true } as const;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The server's reason for a refusal (it names the batch number, the posting or the difference). */
function failureText(thrown: unknown): string | undefined {
  if (thrown instanceof ApiError) return thrown.serverMessage ?? thrown.message;
  return thrown instanceof Error ? thrown.message : undefined;
}

/**
 * Runs a call, toasting the server's message, or its refusal under `failed`; a cancelled call
 * says nothing. Either way `changed` announces what it changed (or may have), so the screens
 * showing it read again. True when it went through.
 */
async function announce(
  failed: string,
  call: () => Promise<{ message: string }>,
  detail: string | undefined,
  changed: () => void,
): Promise<boolean> {
  try {
    const { message } = await call();
    notify.success(detail === undefined ? message : `${message.replace(/\.$/, '')}: ${detail}`);
    return true;
  } catch (thrown) {
    if (!(thrown instanceof ApiError && thrown.code === 'cancelled')) notify.error(failed, failureText(thrown));
    return false;
  } finally {
    changed();
  }
}

/** The batch the biller is on: the one a batch's detail screen shows, or the list's cursor batch. */
const currentBatchID = () => targetOf('paymentBatch')?.id ?? null;

export function batchName(batch: Pick<PaymentBatch, 'batchNumber' | 'payerName' | 'paymentSource'>): string {
  return `${batch.batchNumber} · ${batch.payerName ?? (batch.paymentSource === 'patient' ? 'Patient payments' : 'Insurance')}`;
}

/** The batches to pick from, the one the biller is on (cursor or detail screen) first. */
export function batchChoices(batches: readonly PaymentBatch[], currentID: number | null = null): CommandChoice[] {
  const ordered = [
    ...batches.filter((batch) => batch.paymentBatchID === currentID),
    ...batches.filter((batch) => batch.paymentBatchID !== currentID),
  ];
  return ordered.map((batch) => ({
    value: String(batch.paymentBatchID),
    label: batchName(batch),
    hint: `${batch.status} · expected ${formatCents(batch.total)} · posted ${formatCents(batch.posted)}${batch.difference === 0 ? '' : ` · ${formatCents(batch.difference)} to post`}${batch.paymentBatchID === currentID ? ' · under the cursor' : ''}`,
  }));
}

/** The batches of the last choice list, so a later step and the toast can name the picked one. */
const listed = new Map<number, PaymentBatch>();
async function listBatches(filter: (batch: PaymentBatch) => boolean): Promise<CommandChoice[]> {
  const { batches } = await getPaymentBatches({ pageSize: 500 }, background);
  for (const batch of batches) listed.set(batch.paymentBatchID, batch);
  const shown = batches.filter(filter);
  return shown.length === 0
    ? [{ value: '', label: 'No payment batch fits: create one with "New payment batch…".' }]
    : batchChoices(shown, currentBatchID());
}
/** The picked batch: from the last choice list, or the one a batch screen is on (its keys skip the list). */
const pickedBatch = (args: CommandArgs) => {
  const id = Number(args.paymentBatchID);
  return listed.get(id) ?? targetOf('paymentBatch', (batch) => batch.id === id)?.batch;
};

const onListScreen = (ctx: CommandContext) => ctx.route === PAYMENT_BATCHES_PATH;
/** On the list screen with nothing listed, a command about a listed batch has nothing to act on. */
const noBatchListedReason = (ctx: CommandContext) =>
  onListScreen(ctx) && listsNone('paymentBatch') ? 'No payment batches are listed.' : null;

/**
 * The delete's last step. A batch money was posted from cannot be deleted (the server refuses any
 * batch with postings): the key on such a batch says so at once instead of offering the delete.
 */
export function deleteBatchChoices(batch: PaymentBatch | null): CommandChoice[] {
  if (batch !== null && batch.posted !== 0)
    return [
      {
        value: 'keep',
        label: `It cannot be deleted: ${formatCents(batch.posted)} was posted from it. Reverse the postings and close the batch instead.`,
      },
    ];
  return confirmDeleteChoices(batch === null ? null : `batch ${batchName(batch)}`);
}

/** Only payments, adjustments and write-offs not yet reversed can be reversed. */
export function postingChoices(rows: readonly BatchLedgerRow[]): CommandChoice[] {
  const open = rows.filter(canReverse);
  if (open.length === 0) return [{ value: '', label: 'Nothing in this batch can be reversed.' }];
  return open.map((row) => ({
    value: String(row.ledgerID),
    label: `${row.entryType.replace(/_/g, ' ')} ${formatCents(-row.amount)} · claim ${row.claimID ?? '—'}`,
    hint: [`ledger ${row.ledgerID}`, row.postingDate, row.reasonCode ?? '', row.note ?? '']
      .filter((part) => part !== '')
      .join(' · '),
  }));
}

export function depositName(deposit: Pick<Deposit, 'kind' | 'reference' | 'payerName'>): string {
  return `${deposit.kind === 'batch' ? 'Batch' : 'ERA'} ${deposit.reference}${deposit.payerName === null ? '' : ` · ${deposit.payerName}`}`;
}

/** Deposits not reconciled yet; the ones that balance first, since those can be reconciled now. */
export function depositChoices(deposits: readonly Deposit[]): CommandChoice[] {
  const open = deposits.filter((deposit) => !deposit.reconciled);
  if (open.length === 0) return [{ value: '', label: 'Every deposit is reconciled.' }];
  const ordered = [
    ...open.filter((deposit) => deposit.difference === 0),
    ...open.filter((deposit) => deposit.difference !== 0),
  ];
  return ordered.map((deposit) => ({
    value: `${deposit.kind}:${deposit.depositID}`,
    label: depositName(deposit),
    hint: `deposited ${formatCents(deposit.deposited)} · posted ${formatCents(deposit.posted)}${deposit.difference === 0 ? ' · balances' : ` · difference ${formatCents(deposit.difference)}`}`,
  }));
}

/** "batch:12" or "era:7" as the call's input; null for anything else. */
export function depositOf(value: unknown): { paymentBatchID: number } | { eraCheckID: number } | null {
  const match = /^(batch|era):(\d+)$/.exec(text(value));
  if (!match) return null;
  return match[1] === 'batch' ? { paymentBatchID: Number(match[2]) } : { eraCheckID: Number(match[2]) };
}

const onReconciliation = (ctx: CommandContext) => ctx.route === PAYMENT_RECONCILIATION_PATH;

/** On the reconciliation screen: why the cursor deposit cannot be reconciled, or null when it can be tried. */
export function cursorDepositReason(deposit: Deposit | null): string | null {
  if (deposit === null) return 'No deposit is listed here: "Show all deposits" lists the reconciled ones too.';
  if (deposit.reconciled) return `${depositName(deposit)} is already reconciled.`;
  // The server refuses it in the same words; said here, the biller sees why before trying.
  if (deposit.difference !== 0) {
    return `${depositName(deposit)}: posted ${formatCents(deposit.posted)} of the ${formatCents(deposit.deposited)} deposited, a difference of ${formatCents(deposit.difference)}. Post or correct it before reconciling.`;
  }
  return null;
}

/** Why a posting cannot be reversed, or null when it can. */
function postingReason(posting: BatchLedgerRow): string | null {
  if (posting.reversedByLedgerID !== null)
    return `Ledger posting ${posting.ledgerID} is already reversed (by ${posting.reversedByLedgerID}).`;
  return canReverse(posting)
    ? null
    : `Ledger posting ${posting.ledgerID} (${posting.entryType.replace(/_/g, ' ')}) cannot be reversed: only payments and adjustments can.`;
}

/** On the reconciliation screen: why the cursor posting cannot be reversed, or null when it can. */
export function cursorPostingReason(deposit: Deposit | null, posting: BatchLedgerRow | null): string | null {
  if (deposit === null) return 'No deposit is listed here.';
  if (posting === null)
    return `No posting of ${depositName(deposit)} is under the cursor (Enter goes into its postings).`;
  return postingReason(posting);
}

/** On a payment batch's detail: why the ledger list's cursor posting cannot be reversed, or null when it can. */
export function batchPostingReason(batch: PaymentBatch, posting: BatchLedgerRow | null): string | null {
  return posting === null ? `Nothing was posted from ${batchName(batch)}.` : postingReason(posting);
}

/** The deposit under the reconciliation screen's cursor, null off it. */
const cursorDeposit = (): Deposit | null => targetOf('deposit')?.deposit ?? null;

/** The posting of a deposit under a screen's cursor: the reconciliation screen's, or a payment batch detail's ledger list's. */
function postingOnScreen(): BatchLedgerRow | null {
  const posting = targetOf('posting', (each) => each.ledger === 'deposit');
  return posting?.ledger === 'deposit' ? posting.row : null;
}

/** The posting picked in the steps, else the one under the screen's cursor; null for neither. */
function postingToReverse(args: CommandArgs): number | null {
  const ledgerID = args.ledgerID === undefined ? (postingOnScreen()?.ledgerID ?? null) : Number(args.ledgerID);
  return ledgerID !== null && Number.isSafeInteger(ledgerID) && ledgerID > 0 ? ledgerID : null;
}

const optionalDate: CommandStep = {
  key: 'depositDate',
  kind: 'text',
  title: 'Deposit date',
  placeholder: 'YYYY-MM-DD; Enter to leave it empty',
  validate: (value) =>
    value.trim() === '' || isCalendarDate(value.trim()) ? null : 'Type the date as YYYY-MM-DD, or leave it empty.',
};

const newBatch: Command = {
  id: 'batches.newPaymentBatch',
  title: 'New payment batch…',
  screenKey: 'n',
  group: 'Payments',
  keywords: ['batch', 'payment batch', 'deposit', 'lockbox', 'check', 'new', 'create', 'open batch'],
  privilege: 'PAYMENTS',
  steps: [
    {
      key: 'practiceID',
      kind: 'choice',
      title: 'Practice the deposit is for',
      choices: async () =>
        (await getPractices(background)).practices.map((practice) => ({
          value: String(practice.practiceID),
          label: practice.name,
          hint: practice.groupName,
        })),
    },
    {
      key: 'paymentSource',
      kind: 'choice',
      title: 'Payments from',
      choices: () => [
        { value: 'insurance', label: 'Insurance (paper EOBs, checks)' },
        { value: 'patient', label: 'Patients (desk, mail, portal)' },
      ],
    },
    {
      key: 'batchNumber',
      kind: 'text',
      title: 'Batch number',
      placeholder: 'e.g. 2026-11-20-01',
      validate: (value) =>
        value.trim() === ''
          ? 'Give the batch number.'
          : value.trim().length > 40
            ? 'A batch number is at most 40 characters.'
            : null,
    },
    { key: 'checkNumber', kind: 'text', title: 'Check or deposit slip number', placeholder: 'Enter to leave it empty' },
    optionalDate,
    { key: 'total', kind: 'amount', title: 'Deposit total', placeholder: 'e.g. 1250.00' },
  ],
  run: async (ctx, args) => {
    const batchNumber = text(args.batchNumber);
    const total = typeof args.total === 'number' ? args.total : 0;
    const paymentSource = args.paymentSource === 'patient' ? 'patient' : 'insurance';
    const checkNumber = text(args.checkNumber);
    const depositDate = text(args.depositDate);
    await announce(
      NEW_BATCH_FAILED,
      () =>
        addPaymentBatch(
          {
            practiceID: Number(args.practiceID),
            batchNumber,
            paymentSource,
            total,
            ...(checkNumber === '' ? {} : { checkNumber }),
            ...(depositDate === '' ? {} : { depositDate }),
          },
          { source: ctx.source, silent: true },
        ),
      `Batch ${batchNumber} · ${formatCents(total)}`,
      () => recordsChanged('paymentBatch'),
    );
  },
};

const reassign: Command = {
  id: 'batches.reassignPaymentBatch',
  title: 'Reassign payment batch…',
  screenKey: 'r',
  group: 'Payments',
  keywords: ['batch', 'payment batch', 'reassign', 'assign', 'hand over', 'owner'],
  privilege: 'PAYMENTS',
  disabledReason: noBatchListedReason,
  steps: [
    {
      key: 'paymentBatchID',
      kind: 'choice',
      title: 'Payment batch to reassign',
      choices: () => listBatches((batch) => batch.status !== 'reconciled'),
    },
    {
      key: 'assignedUserID',
      kind: 'choice',
      title: 'Give it to',
      choices: async (_ctx, answers) => {
        const current = pickedBatch(answers)?.assignedUserID ?? null;
        return (await getAssignees(null, background))
          .filter((user) => user.userID !== current)
          .map((user) => ({ value: String(user.userID), label: user.name, hint: user.email }));
      },
    },
  ],
  run: async (ctx, args) => {
    const batch = pickedBatch(args);
    if (batch === undefined) return;
    await announce(
      REASSIGN_BATCH_FAILED,
      () =>
        reassignPaymentBatch(batch.paymentBatchID, Number(args.assignedUserID), { source: ctx.source, silent: true }),
      batchName(batch),
      () => recordsChanged('paymentBatch', [batch.paymentBatchID]),
    );
  },
};

const remove: Command = {
  id: 'batches.deletePaymentBatch',
  title: 'Delete payment batch…',
  screenKey: 'Delete',
  group: 'Payments',
  keywords: ['batch', 'payment batch', 'delete', 'remove', 'discard'],
  privilege: 'PAYMENTS',
  disabledReason: noBatchListedReason,
  steps: [
    {
      key: 'paymentBatchID',
      kind: 'choice',
      title: 'Payment batch to delete (nothing posted to it)',
      choices: () => listBatches((batch) => batch.posted === 0 && batch.status !== 'reconciled'),
    },
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Delete it? Its scanned files are kept, unlinked.',
      choices: (_ctx, answers) => deleteBatchChoices(pickedBatch(answers) ?? null),
    },
  ],
  run: async (ctx, args) => {
    const batch = pickedBatch(args);
    if (args.confirm !== 'delete' || batch === undefined) return;
    const deleted = await announce(
      DELETE_BATCH_FAILED,
      () => deletePaymentBatch(batch.paymentBatchID, { source: ctx.source, silent: true }),
      batchName(batch),
      () => recordsChanged('paymentBatch', [batch.paymentBatchID]),
    );
    // Deleted from its own detail screen, the batch is gone: back to the list.
    if (deleted && ctx.route === paymentBatchPath(batch.paymentBatchID)) goTo(PAYMENT_BATCHES_PATH);
  },
};

const reverse: Command = {
  id: 'batches.reverseLedgerPosting',
  title: 'Reverse ledger posting…',
  screenKey: 'x',
  group: 'Payments',
  keywords: ['reverse', 'reversal', 'undo payment', 'take back', 'ledger', 'posting', 'void payment', 'batch'],
  privilege: 'PAYMENTS',
  disabledReason: (ctx) => {
    if (onReconciliation(ctx)) return cursorPostingReason(cursorDeposit(), postingOnScreen());
    const shown = targetOf('paymentBatch', (batch) => batch.open);
    return shown !== null && ctx.route === paymentBatchPath(shown.id)
      ? batchPostingReason(shown.batch, postingOnScreen())
      : null;
  },
  // On the reconciliation screen or a batch's detail the cursor posting is the one: only the confirm step is asked.
  get steps(): readonly CommandStep[] {
    const confirm: CommandStep = {
      key: 'confirm',
      kind: 'choice',
      title: 'Reverse it? A negating row is posted; the claim owes the amount again.',
      choices: (_ctx, answers) => [
        { value: 'reverse', label: `Reverse ledger posting ${postingToReverse(answers) ?? ''}` },
        { value: 'keep', label: 'Keep it' },
      ],
    };
    if (postingOnScreen() !== null) return [confirm];
    return [
      {
        key: 'paymentBatchID',
        kind: 'choice',
        title: 'Payment batch the posting came with',
        choices: () => listBatches((batch) => batch.status !== 'reconciled'),
      },
      {
        key: 'ledgerID',
        kind: 'choice',
        title: 'Posting to reverse',
        choices: async (_ctx, answers) =>
          postingChoices((await getPaymentBatchLedger(Number(answers.paymentBatchID), background)).rows),
      },
      confirm,
    ];
  },
  run: async (ctx, args) => {
    const ledgerID = postingToReverse(args) ?? 0;
    if (args.confirm !== 'reverse' || ledgerID === 0) return;
    const claimID = targetOf('posting', (posting) => posting.id === ledgerID)?.claimID ?? null;
    await announce(
      REVERSE_FAILED,
      () => reversePaymentLedger(ledgerID, { source: ctx.source, silent: true }),
      `Ledger posting ${ledgerID}`,
      () => {
        // The posting, its claim, and the batch or ERA check (the deposit) it came with.
        recordsChanged('posting', [ledgerID]);
        recordsChanged('claim', claimID === null ? undefined : [claimID]);
        recordsChanged('paymentBatch');
        recordsChanged('deposit');
      },
    );
  },
};

const reconcile: Command = {
  id: 'batches.reconcileDeposit',
  title: 'Reconcile deposit…',
  screenKey: 'r',
  group: 'Payments',
  keywords: ['reconcile', 'reconciliation', 'deposit', 'bank', 'batch', 'era', 'balance', 'close batch'],
  privilege: 'PAYMENTS',
  disabledReason: (ctx) => (onReconciliation(ctx) ? cursorDepositReason(cursorDeposit()) : null),
  // On the reconciliation screen the cursor deposit is the one: no deposit is picked.
  get steps(): readonly CommandStep[] {
    if (cursorDeposit() !== null) return [];
    return [
      {
        key: 'deposit',
        kind: 'choice',
        title: 'Deposit to reconcile',
        choices: async () =>
          depositChoices((await getDeposits({ reconciled: 'no', pageSize: 500 }, background)).deposits),
      },
    ];
  },
  run: async (ctx, args) => {
    const cursor = cursorDeposit();
    const deposit = depositOf(args.deposit ?? (cursor === null ? null : depositKey(cursor)));
    if (deposit === null) return;
    await announce(
      RECONCILE_FAILED,
      () => reconcileDeposit(deposit, { source: ctx.source, silent: true }),
      args.deposit === undefined && cursor !== null ? depositName(cursor) : undefined,
      () => {
        // A deposit is a payment batch or an ERA check.
        if ('paymentBatchID' in deposit) {
          recordsChanged('deposit', [deposit.paymentBatchID]);
          recordsChanged('paymentBatch', [deposit.paymentBatchID]);
        } else {
          recordsChanged('deposit', [deposit.eraCheckID]);
          recordsChanged('eraCheck', [deposit.eraCheckID]);
        }
      },
    );
  },
};

export const batchCommands: readonly Command[] = [newBatch, reassign, remove, reverse, reconcile];
