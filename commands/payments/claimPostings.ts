/**
 * Reversing one posting of a claim, whatever it came with: a patient payment at the desk, a paper
 * EOB, an adjustment, a write-off, in a payment batch or not. On a claim's ledger view (the claim
 * detail's Postings, the workspace's postings and patient ledger panes) X takes the row under the
 * cursor; from the palette the claim in focus lists its postings, the cursor one first. A confirm
 * step always comes before the server writes the negating row (reversePaymentLedger); the toast
 * says what the claim owes after, and every view of the claim reads it again.
 */
import type { LedgerRow } from '../../contract/ledger.ts';
import { formatCents } from '../../contract/money.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { reversePaymentLedger } from '../../src/api/batches.ts';
import type { Command, CommandArgs, CommandChoice, CommandContext, CommandStep } from '../../src/console/types.ts';
import { getPaymentLedgers, postingName, reverseRefusal } from '../../src/features/panes/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { claimInFocus } from '../workspace/workspace.ts';

export const REVERSE_POSTING_FAILED = 'The posting was not reversed.';

const background = { silent: true, background: true } as const;

/** The rows the last step listed or the screen showed, so the confirm step and the toast can name the picked one. */
const known = new Map<number, LedgerRow>();
function remember(rows: readonly LedgerRow[]): void {
  for (const row of rows) known.set(row.ledgerID, row);
}

const ledgerIDOf = (args: CommandArgs): number | null => {
  const ledgerID = Number(args.ledgerID);
  return Number.isSafeInteger(ledgerID) && ledgerID > 0 ? ledgerID : null;
};

/** The posting under the cursor of a claim's (or patient's) ledger view, null when none is shown. */
function cursorPosting(): LedgerRow | null {
  const posting = targetOf('posting', (each) => each.ledger === 'claim');
  return posting?.ledger === 'claim' ? posting.row : null;
}

/** The claim the postings are read from: the one the cursor posting is on, else the claim in focus. */
function claimOf(ctx: CommandContext): number | null {
  return cursorPosting()?.claimID ?? claimInFocus(ctx);
}

/** The claim's postings to pick from: those that can be reversed, the one under the cursor first. */
export function postingChoices(rows: readonly LedgerRow[], cursorID: number | null): CommandChoice[] {
  const open = rows.filter((row) => row.claimID !== null && reverseRefusal(row) === null);
  if (open.length === 0) return [{ value: '', label: 'Nothing posted on this claim can be reversed.' }];
  const ordered = [
    ...open.filter((row) => row.ledgerID === cursorID),
    ...open.filter((row) => row.ledgerID !== cursorID),
  ];
  return ordered.map((row) => ({
    value: String(row.ledgerID),
    label: postingName(row),
    hint: [
      `posting ${row.ledgerID}`,
      row.payerName ?? '',
      row.note ?? '',
      row.ledgerID === cursorID ? 'under the cursor' : '',
    ]
      .filter((part) => part !== '')
      .join(' · '),
  }));
}

/** The confirm step's choices: what will be reversed, or why it cannot be. */
export function confirmChoices(row: LedgerRow | null): CommandChoice[] {
  if (row === null) return [{ value: 'keep', label: 'No posting picked: nothing to reverse.' }];
  const refused = reverseRefusal(row);
  if (refused !== null) return [{ value: 'keep', label: `It cannot be reversed: ${refused}` }];
  return [
    { value: 'reverse', label: `Reverse ${postingName(row)} on claim ${row.claimID ?? ''}` },
    { value: 'keep', label: 'Keep it' },
  ];
}

async function pickedRow(ctx: CommandContext, args: CommandArgs): Promise<LedgerRow | null> {
  const ledgerID = ledgerIDOf(args);
  if (ledgerID === null) return null;
  const cursor = cursorPosting();
  if (cursor?.ledgerID === ledgerID) return cursor;
  const listed = known.get(ledgerID);
  if (listed) return listed;
  const claimID = claimOf(ctx);
  if (claimID === null) return null;
  remember((await getPaymentLedgers({ claimID }, background)).rows);
  return known.get(ledgerID) ?? null;
}

/** Every view of the claim reads it again: its detail, the panes, Claim vs ERA, the batch screens, the claims list. */
function everyViewReads(claimID: number, ledgerID: number): void {
  recordsChanged('posting', [ledgerID]);
  recordsChanged('claim', [claimID]);
  // The batch (or ERA check) the posting came with is not known here: every one on screen reads again.
  recordsChanged('paymentBatch');
  recordsChanged('deposit');
}

const confirm: CommandStep = {
  key: 'confirm',
  kind: 'choice',
  title: 'Reverse it? A negating row is posted; the claim owes the amount again.',
  choices: async (ctx, answers) => confirmChoices(await pickedRow(ctx, answers)),
};

export const reversePosting: Command = {
  id: 'claims.reversePosting',
  title: 'Reverse a posting of this claim…',
  screenKey: 'x',
  group: 'Payments',
  keywords: [
    'reverse',
    'reversal',
    'undo payment',
    'take back',
    'patient payment',
    'bounced',
    'posting',
    'ledger',
    'void payment',
    'write-off',
    'adjustment',
  ],
  privilege: 'PAYMENTS',
  when: (ctx) => claimOf(ctx) !== null,
  disabledReason: (ctx) =>
    claimOf(ctx) === null ? 'Open a claim, or put the cursor on one in a claims list or on a posting.' : null,
  // The view's X key answers the posting; from the palette the claim's postings are listed, the cursor one first.
  steps: [
    {
      key: 'ledgerID',
      kind: 'choice',
      title: 'Posting to reverse',
      choices: async (ctx) => {
        const claimID = claimOf(ctx);
        if (claimID === null) return [{ value: '', label: 'No claim is open or under the cursor.' }];
        const { rows } = await getPaymentLedgers({ claimID }, background);
        remember(rows);
        return postingChoices(rows, cursorPosting()?.ledgerID ?? null);
      },
    },
    confirm,
  ],
  run: async (ctx, args) => {
    if (args.confirm !== 'reverse') return;
    const row = await pickedRow(ctx, args);
    if (row === null || row.claimID === null) return;
    const claimID = row.claimID;
    try {
      const reply = await reversePaymentLedger(row.ledgerID, { source: ctx.source, silent: true });
      notify.success(
        `${postingName(row)} reversed on claim ${claimID}; it now owes ${formatCents(reply.claimBalance)}.`,
      );
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(
        REVERSE_POSTING_FAILED,
        thrown instanceof ApiError
          ? (thrown.serverMessage ?? thrown.message)
          : thrown instanceof Error
            ? thrown.message
            : undefined,
      );
    } finally {
      known.clear();
      everyViewReads(claimID, row.ledgerID);
    }
  },
};

export const claimPostingCommands: readonly Command[] = [reversePosting];
