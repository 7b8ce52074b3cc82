/**
 * The words of a notification, written when the list is read from the facts its event kept: one
 * wording for the list, the live stream and the palette.
 */
import { formatCents } from '../../../contract/money.ts';
import type { Notification, NotificationKind, NotificationLink } from '../../../contract/notifications.ts';

export interface NotificationRow {
  notification_id: number;
  kind: NotificationKind;
  record_type: 'claim' | 'era_file' | 'bulk_job' | null;
  record_id: number | null;
  facts: Record<string, unknown>;
  created_at: Date | string;
  read_at: Date | string | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function jobWords(facts: Record<string, unknown>): { title: string; detail: string } {
  const title = text(facts.title) || 'Bulk run';
  const succeeded = count(facts.succeeded);
  const failed = count(facts.failed);
  if (facts.status === 'failed')
    return {
      title: `Bulk run stopped: ${title}`,
      detail: text(facts.error) || `${plural(succeeded, 'record')} done before it stopped.`,
    };
  return {
    title: `Bulk run finished: ${title}`,
    detail:
      failed > 0
        ? `${plural(succeeded, 'record')} done, ${failed.toLocaleString('en-US')} refused.`
        : `${plural(succeeded, 'record')} done.`,
  };
}

function eraWords(facts: Record<string, unknown>): { title: string; detail: string } {
  const checks = count(facts.checks);
  const payers = Array.isArray(facts.payers) ? facts.payers.filter((payer) => typeof payer === 'string') : [];
  const shownPayers =
    payers.length > 2 ? `${payers.slice(0, 2).join(', ')} and ${payers.length - 2} more` : payers.join(', ');
  return {
    title: `ERA arrived: ${plural(checks, 'check')}, ${formatCents(count(facts.paidCents))}`,
    detail: [text(facts.fileName), shownPayers].filter((part) => part !== '').join(' · '),
  };
}

function taskWords(facts: Record<string, unknown>): { title: string; detail: string } {
  const tasks = count(facts.count);
  const by = text(facts.byName);
  const claimID = facts.claimID;
  const title =
    tasks === 1
      ? `Task assigned to you${typeof claimID === 'number' ? ` on claim ${claimID}` : ''}`
      : `${plural(tasks, 'task')} assigned to you`;
  const due = text(facts.dueDate);
  const detail = [tasks === 1 ? text(facts.text) : '', due ? `due ${due}` : '', by ? `from ${by}` : '']
    .filter((part) => part !== '')
    .join(' · ');
  return { title, detail };
}

function rejectionWords(facts: Record<string, unknown>): { title: string; detail: string } {
  const source = text(facts.source);
  return {
    title: `Claim ${count(facts.claimID)} rejected`,
    detail: [text(facts.reason), source].filter((part) => part !== '').join(' · '),
  };
}

function linkOf(row: NotificationRow): NotificationLink {
  if (row.record_type === 'claim' && row.record_id !== null) return { type: 'claim', id: Number(row.record_id) };
  if (row.record_type === 'era_file' && row.record_id !== null) return { type: 'eraFile', id: Number(row.record_id) };
  if (row.record_type === 'bulk_job' && row.record_id !== null) return { type: 'bulkJob', id: Number(row.record_id) };
  return { type: 'tasks' };
}

export function describeNotification(row: NotificationRow): Notification {
  const words =
    row.kind === 'job_finished'
      ? jobWords(row.facts)
      : row.kind === 'era_arrived'
        ? eraWords(row.facts)
        : row.kind === 'task_assigned'
          ? taskWords(row.facts)
          : rejectionWords(row.facts);
  return {
    notificationID: Number(row.notification_id),
    kind: row.kind,
    title: words.title,
    detail: words.detail,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
    link: linkOf(row),
  };
}
