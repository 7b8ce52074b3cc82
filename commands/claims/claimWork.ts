/**
 * Claim work by keyboard: moving a charge line up or down on the open claim (the 837 and the
 * diagnosis-pointer findings follow line order, so the claim needs scrubbing again), one status
 * for many claims, and the denial report of the practice the claims list shows.
 */
import type { ChargeLine } from '../../contract/claimDetail.ts';
import { CLAIM_STATUS_NAMES } from '../../contract/claimStatus.ts';
import { MANUAL_CLAIM_STATUS_CHANGES, type UpdateClaimsStatusReply } from '../../contract/claimStatusChange.ts';
import type { DenialReportReply } from '../../contract/denials.ts';
import { formatCents } from '../../contract/money.ts';
import { MAX_CLAIMS_PER_CALL } from '../../contract/scrub.ts';
import { updateChargesSortOrder } from '../../src/api/chargeOrder.ts';
import { updateClaimsStatus } from '../../src/api/claimStatus.ts';
import { getDenialReport } from '../../src/api/crossoverDenials.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { claimFilterLabelsShown, claimFilterShown } from '../../src/features/claims/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { openClaim, shownClaim } from './openClaim.ts';
import { hasTargetClaims, noTargetReason, resolveTargetClaims } from './scrub.ts';

const TOP_REASONS = 5;
const REASONS_SHOWN = 3;

const plural = (count: number, one: string, many = `${one}s`) =>
  count === 1 ? `1 ${one}` : `${count.toLocaleString('en-US')} ${many}`;

const onClaim = (ctx: CommandContext) => openClaim(ctx) !== null;
const chargesShown = () => shownClaim()?.charges ?? [];

/** The order with the line at `index` and its neighbour `offset` away swapped; null past either end. */
export function swappedOrder(chargeIDs: readonly number[], index: number, offset: -1 | 1): number[] | null {
  const other = index + offset;
  const first = chargeIDs[index];
  const second = chargeIDs[other];
  if (first === undefined || second === undefined || index < 0 || other < 0) return null;
  const order = [...chargeIDs];
  order[index] = second;
  order[other] = first;
  return order;
}

/** The open claim's lines in their order, as the server numbers them. */
const linesInOrder = (): ChargeLine[] => [...chargesShown()].sort((a, b) => a.lineNumber - b.lineNumber);

function moveLine(offset: -1 | 1): Command {
  const direction = offset === -1 ? 'up' : 'down';
  return {
    id: `claims.moveChargeLine${offset === -1 ? 'Up' : 'Down'}`,
    title: `Move charge line ${direction}`,
    group: 'Claims',
    keywords: ['charge', 'line', 'order', 'reorder', 'sort', 'move', direction],
    privilege: 'CLAIMS',
    when: onClaim,
    disabledReason: (ctx) =>
      !onClaim(ctx)
        ? 'Open a claim first.'
        : chargesShown().length > 1
          ? null
          : 'The claim has one line: there is nothing to reorder.',
    steps: [
      {
        key: 'chargeID',
        kind: 'choice',
        title: `Line to move ${direction}`,
        choices: (): CommandChoice[] => {
          const lines = linesInOrder();
          // The first line cannot go up nor the last down, so they are not offered.
          const movable = offset === -1 ? lines.slice(1) : lines.slice(0, -1);
          return movable.map((charge) => ({
            value: String(charge.chargeID),
            label: `Line ${charge.lineNumber}: ${[charge.cptCode, ...charge.modifiers].join(' ')} × ${charge.units}`,
          }));
        },
      },
    ],
    run: async (ctx, args) => {
      const claimID = shownClaim()?.id ?? null;
      if (claimID === null) return;
      const order = linesInOrder().map((charge) => charge.chargeID);
      const next = swappedOrder(order, order.indexOf(Number(args.chargeID)), offset);
      if (next === null) return;
      await updateChargesSortOrder(claimID, next, { source: ctx.source });
      recordsChanged('chargeLine', next);
      recordsChanged('claim', [claimID]);
      notify.success(`Line moved ${direction}: now line ${next.indexOf(Number(args.chargeID)) + 1}.`);
    },
  };
}

/** Every status a biller may set by hand on some claim; the server refuses the claims it does not fit, with why. */
function bulkStatusChoices(): CommandChoice[] {
  const targets = [...new Set(Object.values(MANUAL_CLAIM_STATUS_CHANGES).flat())].sort((a, b) => a - b);
  return targets.map((id) => ({ value: String(id), label: CLAIM_STATUS_NAMES[id] ?? String(id) }));
}

export interface Toast {
  kind: 'success' | 'error';
  title: string;
  detail?: string;
}

/** What a bulk status run says: the claims changed, then the refused with the first reasons. */
export function statusRunToasts(reply: UpdateClaimsStatusReply, statusName: string): Toast[] {
  const toasts: Toast[] = [];
  if (reply.updated.length > 0)
    toasts.push({ kind: 'success', title: `${plural(reply.updated.length, 'claim')} set to ${statusName}.` });
  if (reply.refused.length > 0) {
    const reasons = reply.refused.slice(0, REASONS_SHOWN).map((claim) => claim.reason);
    if (reply.refused.length > REASONS_SHOWN)
      reasons.push(`…and ${plural(reply.refused.length - REASONS_SHOWN, 'more claim')}.`);
    toasts.push({
      kind: 'error',
      title: `${plural(reply.refused.length, 'claim')} not changed.`,
      detail: reasons.join('\n'),
    });
  }
  return toasts;
}

const changeStatuses: Command = {
  id: 'claims.changeStatuses',
  title: 'Change status of selected claims…',
  group: 'Claims',
  keywords: [
    'status',
    'bulk',
    'selected',
    'deny',
    'denied',
    'reject',
    'close',
    'closed',
    'patient balance',
    'accepted',
  ],
  privilege: 'CLAIMS',
  batchLimit: MAX_CLAIMS_PER_CALL,
  when: hasTargetClaims,
  disabledReason: noTargetReason,
  steps: [{ key: 'claimStatusID', kind: 'choice', title: 'New status', choices: bulkStatusChoices }],
  run: async (ctx, args) => {
    const claimIDs = await resolveTargetClaims(ctx);
    const claimStatusID = Number(args.claimStatusID);
    const reply = await updateClaimsStatus(claimIDs, claimStatusID, { source: ctx.source });
    recordsChanged('claim', reply.updated);
    for (const toast of statusRunToasts(reply, CLAIM_STATUS_NAMES[claimStatusID] ?? String(claimStatusID)))
      notify[toast.kind](toast.title, toast.detail);
  },
};

/** The report's toast: totals, then the reasons that cost the most. */
export function denialReportToast(
  reply: DenialReportReply,
  practiceName: string | null,
): { title: string; detail: string } {
  const where = practiceName === null ? '' : ` (${practiceName})`;
  const title = `Denials${where}: ${plural(reply.totalClaims, 'claim')}, ${formatCents(reply.totalDeniedCents)} denied.`;
  const reasons = reply.reasons
    .slice(0, TOP_REASONS)
    .map(
      (reason) =>
        `${reason.reasonCode}${reason.description === null ? '' : ` ${reason.description}`}: ${plural(reason.claimCount, 'claim')}, ${formatCents(reason.deniedCents)}`,
    );
  return { title, detail: reasons.length > 0 ? reasons.join('\n') : 'No denials.' };
}

const denialReport: Command = {
  id: 'claims.denialReport',
  title: 'Show denial report',
  group: 'Claims',
  keywords: ['denial', 'denied', 'report', 'carc', 'reason', 'management'],
  privilege: 'CLAIMS',
  run: async (ctx) => {
    const { practiceID } = claimFilterShown();
    // Only the totals and reasons are shown, so one claim row is enough of the page.
    const reply = await getDenialReport(
      { ...(practiceID === undefined ? {} : { practiceID }), pageSize: 1 },
      { source: ctx.source },
    );
    const { title, detail } = denialReportToast(
      reply,
      practiceID === undefined ? null : (claimFilterLabelsShown().practiceID ?? `practice ${practiceID}`),
    );
    notify.info(title, detail);
  },
};

export const claimWorkCommands: readonly Command[] = [moveLine(-1), moveLine(1), changeStatuses, denialReport];
