/** The claim ID hover of the catalogue (Repository/getClaimHoverInfo), for the keyboard. */
import { getClaimHoverInfo } from '../../src/api/claimLists.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { claimSummaryText } from '../../src/features/claims/index.ts';
import { notify } from '../../src/toasts/notify.tsx';

const oneClaim = (ctx: CommandContext) =>
  ctx.selection.recordType === 'claim' && ctx.selection.ids.length === 1 ? (ctx.selection.ids[0] ?? null) : null;

/** The picked claim in a few lines: patient, dates, payer, statuses, money, newest note and change. */
export const claimSummary: Command = {
  id: 'claims.summary',
  title: 'Show claim summary',
  group: 'Claims',
  keywords: ['peek', 'hover', 'preview', 'quick look', 'info'],
  when: (ctx) => oneClaim(ctx) !== null,
  disabledReason: (ctx) => (oneClaim(ctx) === null ? 'Pick one claim in the list (Space).' : null),
  run: async (ctx) => {
    const claimID = oneClaim(ctx);
    if (claimID === null) return;
    const info = await getClaimHoverInfo(claimID, { source: ctx.source });
    const { title, lines } = claimSummaryText(info);
    notify.info(title, lines.join(' — '));
  },
};
