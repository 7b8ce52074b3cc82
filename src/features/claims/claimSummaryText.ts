import type { ClaimHoverInfo } from '../../../contract/claimLists.ts';
import { formatCents } from '../../../contract/money.ts';
import { formatDateRange } from '../../ui/format.ts';

/**
 * A claim in a title and a few lines (patient, dates, payer, statuses, money, newest note and
 * change): what "Show claim summary" toasts and what hovering the claim ID shows, worded once.
 */
export function claimSummaryText(info: ClaimHoverInfo): { title: string; lines: string[] } {
  const lines = [
    `${formatDateRange(info.dosFrom, info.dosTo)} · ${info.payerName ?? 'No payer'} · ${info.providerName}`,
    `${info.claimStatus} · scrub ${info.scrubStatus} · ${info.submitStatus}`,
    `Total ${formatCents(info.totalCharges)} · balance ${formatCents(info.balance)}${info.assignee ? ` · ${info.assignee}` : ''}`,
    info.lastNote ? `Note: ${info.lastNote.text}` : null,
    info.lastEvent ? `Last change: ${info.lastEvent.action} (${info.lastEvent.source})` : null,
  ];
  return {
    title: `Claim ${info.claimID} · ${info.patientName} (${info.accountNumber})`,
    lines: lines.filter((line) => line !== null),
  };
}
