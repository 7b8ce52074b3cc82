/**
 * "Show ERA check summary": on the ERA detail, S shows and hides the cursor check added up (its
 * claims by outcome, money, adjustments by CARC and remarks by RARC); on the ERA checks list, the
 * cursor check's summary and its lines come as a note (Claims/getERAProfileDetailSummary and its
 * charges variant).
 */
import { formatCents } from '../../contract/money.ts';
import { getEraCheckSummary, getEraCheckSummaryLines } from '../../src/api/claimSide.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { toggleEraCheckSummary } from '../../src/features/eraDetail/index.ts';
import { ERA_PATH } from '../../src/routing/paths.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { onDetailScreen } from './eraDetail.ts';

const cursorCheckID = () => targetOf('eraCheck')?.eraCheckID ?? null;
const onList = (ctx: Pick<CommandContext, 'route'>) => ctx.route === ERA_PATH;

const eraCheckSummary: Command = {
  id: 'eraDetail.summary',
  title: 'Show ERA check summary',
  screenKey: 's',
  group: 'Payments',
  keywords: ['era', '835', 'check', 'summary', 'totals', 'carc', 'rarc', 'adjustments', 'remarks', 'denied'],
  shortcut: 'Alt+m',
  privilege: 'PAYMENTS',
  when: (ctx) => onDetailScreen(ctx) || (onList(ctx) && cursorCheckID() !== null),
  disabledReason: (ctx) =>
    onDetailScreen(ctx) || (onList(ctx) && cursorCheckID() !== null)
      ? null
      : 'Open an ERA (g e), or its detail, with the cursor on a check.',
  run: async (ctx) => {
    if (onDetailScreen(ctx)) {
      toggleEraCheckSummary();
      return;
    }
    const eraCheckID = cursorCheckID();
    if (eraCheckID === null) return;
    const [summary, { lines }] = await Promise.all([
      getEraCheckSummary(eraCheckID, { source: ctx.source }),
      getEraCheckSummaryLines(eraCheckID, { source: ctx.source, background: true }),
    ]);
    notify.info(
      `Check ${summary.traceNumber} (${summary.payerName}): ${formatCents(summary.totalPaid)}, ${summary.claims} claims, ${summary.posted} posted`,
      [
        `Billed ${formatCents(summary.billed)} · paid ${formatCents(summary.paid)} · patient ${formatCents(summary.patientResponsibility)} · ${summary.denied} denied`,
        ...summary.adjustments.map(
          (adjustment) =>
            `${adjustment.group}-${adjustment.reason} ${formatCents(adjustment.amount)} on ${adjustment.lines} lines: ${adjustment.description ?? ''}`,
        ),
        ...summary.remarks.map((remark) => `${remark.code} ×${remark.lines}: ${remark.description ?? ''}`),
        `${lines.length} service lines, ${lines.filter((row) => row.line.chargeID === null).length} not matched to a charge`,
      ].join('\n'),
    );
  },
};

export const eraSummaryCommands: readonly Command[] = [eraCheckSummary];
