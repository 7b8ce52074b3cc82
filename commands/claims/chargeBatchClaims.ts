/**
 * Claims in charge batches by keyboard: "Set charge batch…" on the open claim (through the claim
 * edit, AddEditClaim/editClaim), "Add picked claims to charge batch…" over the claims picked in the
 * list or "all N matching" (a bulk run with its report), and the batch step "New claim…" asks.
 * The batches offered are the open ones the claim may go in; the server checks again.
 */
import type { ChargeBatchSearchQuery } from '../../contract/batches.ts';
import type { AddClaimsToChargeBatchRequest } from '../../contract/chargeBatchClaims.ts';
import { BULK_CLAIM_IDS_LIMIT } from '../../contract/notes.ts';
import { editClaim } from '../../src/api/claimInfo.ts';
import { addClaimsToChargeBatch, getOpenChargeBatches } from '../../src/api/chargeBatchClaims.ts';
import type { Command, CommandChoice, CommandContext, CommandStep } from '../../src/console/types.ts';
import { followRun, whenRunEnds } from '../../src/features/bulk/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { openClaim, shownClaim } from './openClaim.ts';

const NO_BATCH = 'none';

/** Batch numbers by id, as last offered: the toast names the batch the biller picked. */
const numbers = new Map<number, string>();

/** The open batches as choices, newest first, each by its number (what the biller types to find it); the claim's own batch says so. */
function batchChoices(
  batches: readonly { chargeBatchID: number; batchNumber: string; description: string | null }[],
  current: number | null = null,
): CommandChoice[] {
  for (const batch of batches) numbers.set(batch.chargeBatchID, batch.batchNumber);
  return batches.map((batch) => {
    const hint =
      batch.chargeBatchID === current
        ? ['Its batch now', batch.description].filter(Boolean).join(' · ')
        : (batch.description ?? '');
    return { value: String(batch.chargeBatchID), label: batch.batchNumber, hint };
  });
}

/** The batch id a choice stands for; null for "No charge batch" or no answer. */
export function batchOfChoice(answer: unknown): number | null {
  const id = typeof answer === 'string' && answer !== NO_BATCH ? Number(answer) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const batchName = (chargeBatchID: number) => numbers.get(chargeBatchID) ?? `#${chargeBatchID}`;

/**
 * The charge batch step: "No charge batch" first (Enter skips the step), then the open batches of
 * what `query` names (a claim, a patient); `current` is the batch the claim is in now.
 */
export function chargeBatchStep(
  title: string,
  noneHint: string,
  query: (ctx: CommandContext, answers: Readonly<Record<string, unknown>>) => ChargeBatchSearchQuery,
  current: () => number | null = () => null,
): CommandStep {
  return {
    key: 'chargeBatchID',
    kind: 'choice',
    title,
    choices: async (ctx, answers) => [
      { value: NO_BATCH, label: 'No charge batch', hint: noneHint },
      ...batchChoices(await getOpenChargeBatches(query(ctx, answers), { background: true }), current()),
    ],
  };
}

const onClaim = (ctx: CommandContext) => openClaim(ctx) !== null;

const setChargeBatch: Command = {
  id: 'claims.setChargeBatch',
  title: 'Set charge batch…',
  group: 'Claims',
  keywords: ['charge batch', 'batch', 'superbill', 'entered', 'attach', 'detach'],
  shortcut: 'Alt+b',
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: (ctx) => (onClaim(ctx) ? null : 'Open a claim first.'),
  steps: [
    chargeBatchStep(
      'Charge batch',
      'Take the claim out of its batch',
      (ctx) => ({ claimID: ctx.record?.id }),
      () => shownClaim()?.chargeBatchID ?? null,
    ),
  ],
  run: async (ctx, args) => {
    const claimID = shownClaim()?.id ?? null;
    if (claimID === null) return;
    const chargeBatchID = batchOfChoice(args.chargeBatchID);
    const before = shownClaim()?.chargeBatchID ?? null;
    await editClaim({ claimID, chargeBatchID }, { source: ctx.source });
    recordsChanged('claim', [claimID]);
    recordsChanged(
      'chargeBatch',
      [before, chargeBatchID].filter((id) => id !== null),
    );
    notify.success(
      chargeBatchID === null
        ? `Claim ${claimID} is in no charge batch.`
        : `Claim ${claimID} is in charge batch ${batchName(chargeBatchID)}.`,
    );
  },
};

/** The claims picked in the list, or "all N matching" as its search; the open claim has "Set charge batch…". */
export function pickedClaims(ctx: CommandContext): Pick<AddClaimsToChargeBatchRequest, 'claimIDs' | 'query'> | null {
  if (ctx.record !== null || ctx.selection.recordType !== 'claim') return null;
  if (ctx.selection.allMatching) return { query: ctx.selection.allMatching.query };
  return ctx.selection.ids.length > 0 ? { claimIDs: [...ctx.selection.ids] } : null;
}

const addPickedToChargeBatch: Command = {
  id: 'claims.addToChargeBatch',
  title: 'Add picked claims to charge batch…',
  group: 'Claims',
  keywords: ['charge batch', 'batch', 'superbill', 'bulk', 'attach'],
  privilege: 'CLAIMS',
  batchLimit: BULK_CLAIM_IDS_LIMIT,
  when: (ctx) => pickedClaims(ctx) !== null,
  disabledReason: (ctx) =>
    pickedClaims(ctx) ? null : 'Select claims in the claims list (Space, Shift+arrows or Ctrl+A).',
  steps: [
    {
      key: 'chargeBatchID',
      kind: 'choice',
      title: 'Charge batch',
      // Every open batch of the data role: claims of another practice than the batch's are reported by the run.
      choices: async () => batchChoices(await getOpenChargeBatches({}, { background: true })),
    },
  ],
  run: async (ctx, args) => {
    const target = pickedClaims(ctx);
    const chargeBatchID = batchOfChoice(args.chargeBatchID);
    if (!target || chargeBatchID === null) return;
    const { jobID } = await addClaimsToChargeBatch({ ...target, chargeBatchID }, { source: ctx.source });
    notify.info(`Adding the claims to charge batch ${batchName(chargeBatchID)}.`);
    await followRun(jobID);
    whenRunEnds(jobID, () => {
      // "All N matching" names no claims: every claim on screen is read again.
      recordsChanged('claim', target.claimIDs);
      recordsChanged('chargeBatch', [chargeBatchID]);
    });
  },
};

export const chargeBatchClaimCommands: readonly Command[] = [setChargeBatch, addPickedToChargeBatch];
