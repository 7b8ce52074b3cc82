/** The claim ID hover of the catalogue (Repository/getClaimHoverInfo), for the keyboard. */
import { formatCents } from '../contract/money.ts';
import { getClaimHoverInfo } from '../src/api/claimLists.ts';
import type { Command, CommandContext } from '../src/console/types.ts';
import { notify } from '../src/toasts/notify.tsx';
import { formatDateRange } from '../src/ui/format.ts';

const oneClaim = (ctx: CommandContext) => (ctx.selection.recordType === 'claim' && ctx.selection.ids.length === 1 ? (ctx.selection.ids[0] ?? null) : null);

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
    const lines = [
      `${formatDateRange(info.dosFrom, info.dosTo)} · ${info.payerName ?? 'No payer'} · ${info.providerName}`,
      `${info.claimStatus} · scrub ${info.scrubStatus} · ${info.submitStatus}`,
      `Total ${formatCents(info.totalCharges)} · balance ${formatCents(info.balance)}${info.assignee ? ` · ${info.assignee}` : ''}`,
      info.lastNote ? `Note: ${info.lastNote.text}` : null,
      info.lastEvent ? `Last change: ${info.lastEvent.action} (${info.lastEvent.source})` : null,
    ];
    notify.info(`Claim ${info.claimID} · ${info.patientName} (${info.accountNumber})`, lines.filter((line) => line !== null).join(' — '));
  },
};

