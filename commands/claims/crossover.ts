/**
 * On the open claim: bill the next coverage once the primary has answered (a crossover claim,
 * opened at once for its scrub), and read why the payer denied it, line by line.
 */
import type { DenialChargesReply } from '../../contract/denials.ts';
import { formatCents } from '../../contract/money.ts';
import { createCrossoverClaim, getCrossoverClaimType, getDenialCharges } from '../../src/api/crossoverDenials.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { openClaim, shownClaim } from './openClaim.ts';
import { claimDetailPath } from '../../src/routing/paths.ts';

const onClaim = (ctx: CommandContext) => openClaim(ctx) !== null;
const openClaimReason = (ctx: CommandContext) => (onClaim(ctx) ? null : 'Open a claim first.');

const createCrossover: Command = {
  id: 'claims.createCrossover',
  title: 'Create crossover claim',
  group: 'Claims',
  keywords: ['crossover', 'secondary', 'tertiary', 'cob', 'next payer', 'bill secondary'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  run: async (ctx) => {
    const claimID = shownClaim()?.id ?? null;
    if (claimID === null) return;
    const plan = await getCrossoverClaimType(claimID, { source: ctx.source });
    if (!plan.possible) {
      notify.warning(`No crossover claim for claim ${claimID}.`, plan.reason ?? undefined);
      return;
    }
    const reply = await createCrossoverClaim(claimID, { source: ctx.source });
    recordsChanged('claim', [claimID, reply.crossoverClaimID]);
    goTo(claimDetailPath(reply.crossoverClaimID));
    notify.success(`${reply.message} It bills ${plan.payerName ?? 'the next payer'} as ${plan.rank ?? 'next'} payer.`);
  },
};

/** One line of the toast per denied line: code, amount, group-reason with its description, remarks. */
export function denialLines(reply: DenialChargesReply): string[] {
  return reply.lines.map((line) => {
    const what =
      line.chargeID === null
        ? 'Whole claim'
        : `Line ${line.lineNumber ?? '?'} ${[line.cptCode, ...line.modifiers].filter(Boolean).join('-')}`;
    const reasons = line.denials.map(
      (denial) =>
        `${[denial.groupCode, denial.reasonCode].filter(Boolean).join('-') || 'no reason code'}${denial.description ? ` ${denial.description}` : ''}`,
    );
    const remarks =
      line.remarks.length > 0
        ? `; remarks ${line.remarks.map((remark) => (remark.description ? `${remark.code} ${remark.description}` : remark.code)).join(', ')}`
        : '';
    return `${what} (${formatCents(line.deniedCents)}): ${reasons.join('; ')}${remarks}`;
  });
}

const showDenials: Command = {
  id: 'claims.showDenials',
  title: 'Show denials of this claim',
  group: 'Claims',
  keywords: ['denial', 'denied', 'carc', 'rarc', 'reason code', 'remark'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  run: async (ctx) => {
    const claimID = shownClaim()?.id ?? null;
    if (claimID === null) return;
    const reply = await getDenialCharges(claimID, { source: ctx.source });
    if (reply.lines.length === 0) {
      notify.info(`Claim ${claimID} has no denials.`);
      return;
    }
    notify.warning(`Claim ${claimID}: ${formatCents(reply.totalDeniedCents)} denied.`, denialLines(reply).join('\n'));
  },
};

export const crossoverCommands: readonly Command[] = [createCrossover, showDenials];
