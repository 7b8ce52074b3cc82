/**
 * Scrubbing and submitting: on the claim open on screen, or on the claims selected in the list.
 * Each run refreshes what the biller sees (the claim detail, the rows of the list) when it ends.
 */
import type { RefusedClaim } from '../../contract/scrub.ts';
import { getAllClaimsSearchClaimIDS } from '../../src/api/claims.ts';
import { forcefullyPassClaims, scrubClaim, scrubClaims } from '../../src/api/scrub.ts';
import { submitClaims } from '../../src/api/submission.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { goToFirstScrubError } from '../../src/features/claimDetail/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { openClaim } from './openClaim.ts';

/** Claims one scrub or submit run takes from a selection; a larger run is a bulk job's work. */
const CLAIMS_PER_RUN = 5_000;

/** The claim on screen, else the claims selected in the list (not "all N matching"). */
function targetClaims(ctx: CommandContext): number[] {
  if (ctx.record?.type === 'claim') return [ctx.record.id];
  return ctx.selection.recordType === 'claim' ? [...ctx.selection.ids] : [];
}

const allMatchingClaims = (ctx: CommandContext) =>
  ctx.record?.type !== 'claim' && ctx.selection.recordType === 'claim' ? ctx.selection.allMatching : null;

/** Whether there are claims to run on: the one on screen, the ones selected, or "all N matching". */
export function hasTargetClaims(ctx: CommandContext): boolean {
  return targetClaims(ctx).length > 0 || allMatchingClaims(ctx) !== null;
}

/**
 * The ids a run takes. For "all N matching" the server lists them for the list's filters, within
 * the data role (getAllClaimsSearchClaimIDS); the command's batch limit has already refused a
 * search larger than one run.
 */
export async function resolveTargetClaims(ctx: CommandContext): Promise<number[]> {
  const matching = allMatchingClaims(ctx);
  if (matching === null) return targetClaims(ctx);
  return (await getAllClaimsSearchClaimIDS(matching.query, { source: ctx.source })).claimIDS;
}

export function noTargetReason(ctx: CommandContext): string | null {
  return hasTargetClaims(ctx) ? null : 'Open a claim, or select claims in the claims list.';
}

const plural = (count: number, one: string, many = `${one}s`) =>
  count === 1 ? `1 ${one}` : `${count.toLocaleString('en-US')} ${many}`;

function changed(claimIDs: readonly number[]): void {
  recordsChanged('claim', claimIDs);
}

/** The first few reasons, one a line; the count of the rest. */
function reasonsText(refused: readonly RefusedClaim[]): string {
  const shown = refused.slice(0, 3).map((claim) => claim.reason);
  if (refused.length > shown.length) shown.push(`…and ${plural(refused.length - shown.length, 'more claim')}.`);
  return shown.join('\n');
}

const scrub: Command = {
  id: 'claims.scrub',
  title: 'Scrub claims',
  group: 'Claims',
  keywords: ['scrub', 'check', 'validate', 'edits', 'errors'],
  shortcut: 'Alt+s',
  privilege: 'CLAIMS',
  batchLimit: CLAIMS_PER_RUN,
  when: hasTargetClaims,
  disabledReason: noTargetReason,
  run: async (ctx) => {
    const claimIDs = await resolveTargetClaims(ctx);
    if (claimIDs.length === 1 && claimIDs[0] !== undefined) {
      const { summary } = await scrubClaim(claimIDs[0], { source: ctx.source });
      changed(claimIDs);
      if (summary.errors > 0)
        notify.error(
          `Claim ${summary.claimID}: ${plural(summary.errors, 'scrub error')}${summary.warnings > 0 ? `, ${plural(summary.warnings, 'warning')}` : ''}.`,
          'Alt+E goes to the first one.',
        );
      else if (summary.warnings > 0)
        notify.warning(`Claim ${summary.claimID} passed with ${plural(summary.warnings, 'warning')}.`);
      else notify.success(`Claim ${summary.claimID} passed the scrubber.`);
      return;
    }
    const run = await scrubClaims(claimIDs, { source: ctx.source });
    changed(claimIDs);
    const failed = run.claims.filter((claim) => claim.errors > 0).length;
    notify[failed > 0 ? 'warning' : 'success'](
      `Scrubbed ${plural(run.claims.length, 'claim')}: ${(run.claims.length - failed).toLocaleString('en-US')} passed, ${failed.toLocaleString('en-US')} with errors.`,
    );
  },
};

const submit: Command = {
  id: 'claims.submit',
  title: 'Submit claims',
  group: 'Claims',
  keywords: ['submit', 'send', '837', 'clearinghouse', 'bill', 'edi'],
  shortcut: 'Alt+u',
  privilege: 'CLAIMS',
  batchLimit: CLAIMS_PER_RUN,
  when: hasTargetClaims,
  disabledReason: noTargetReason,
  run: async (ctx) => {
    const claimIDs = await resolveTargetClaims(ctx);
    const reply = await submitClaims(claimIDs, { source: ctx.source });
    changed(claimIDs);
    if (reply.submitted.length > 0) {
      const batches = reply.batches
        .map(
          (batch) =>
            `Batch ${batch.submissionBatchID}: ${batch.payerName}, ${plural(batch.claimCount, 'claim')} (${batch.transactionType})`,
        )
        .join('\n');
      notify.successWithDetail(
        `Submitted ${plural(reply.submitted.length, 'claim')} in ${plural(reply.batches.length, 'batch', 'batches')}.`,
        batches,
      );
    }
    if (reply.refused.length > 0)
      notify.error(`${plural(reply.refused.length, 'claim')} not submitted.`, reasonsText(reply.refused));
  },
};

const passWithWarnings: Command = {
  id: 'claims.passWithWarnings',
  title: 'Pass claims with their warnings…',
  group: 'Claims',
  keywords: ['forceful pass', 'force', 'override', 'warning', 'scrub'],
  privilege: 'CLAIMS',
  batchLimit: CLAIMS_PER_RUN,
  when: hasTargetClaims,
  disabledReason: noTargetReason,
  steps: [
    {
      key: 'reason',
      kind: 'text',
      title: 'Why the warnings may stand',
      placeholder: 'e.g. Modifier 59 confirmed with the provider',
      validate: (value) =>
        value.trim() === ''
          ? 'Say why the claim may go with its warnings.'
          : value.length > 500
            ? 'At most 500 characters.'
            : null,
    },
  ],
  run: async (ctx, args) => {
    const claimIDs = await resolveTargetClaims(ctx);
    const reply = await forcefullyPassClaims(claimIDs, String(args.reason), { source: ctx.source });
    changed(claimIDs);
    if (reply.passed.length > 0) notify.success(`Passed ${plural(reply.passed.length, 'claim')} with warnings.`);
    if (reply.refused.length > 0)
      notify.error(`${plural(reply.refused.length, 'claim')} not passed.`, reasonsText(reply.refused));
  },
};

const firstError: Command = {
  id: 'claims.firstScrubError',
  title: 'Go to first scrub error',
  group: 'Claims',
  keywords: ['scrub', 'error', 'finding', 'fix', 'jump'],
  shortcut: 'Alt+e',
  when: (ctx) => ctx.record?.type === 'claim',
  disabledReason: (ctx) => {
    const claim = openClaim(ctx);
    return claim === null
      ? 'Open a claim first.'
      : claim.findings.length === 0
        ? 'The claim has no scrub findings.'
        : null;
  },
  run: () => goToFirstScrubError(),
};

export const scrubCommands: readonly Command[] = [scrub, submit, passWithWarnings, firstError];
