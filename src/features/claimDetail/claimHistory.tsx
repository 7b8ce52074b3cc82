import type { ClaimEvent } from '../../../contract/claimDNA.ts';
import { CLAIM_STATUS_NAMES, SCRUB_STATUS_NAMES } from '../../../contract/claimStatus.ts';
import type { RowColumn } from '../panes/RowList.tsx';

const FIELD_NAMES: Record<string, string> = {
  cptCode: 'code',
  modifiers: 'modifiers',
  units: 'units',
  diagnosisPointers: 'diagnosis pointers',
  posCode: 'POS',
};

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(' ');
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An event's detail in a line a biller reads: "Line 1: diagnosis pointers 3 → 1". */
export function eventSummary(event: Pick<ClaimEvent, 'action' | 'detail'>): string {
  const detail = event.detail ?? {};
  const number = (key: string) => (typeof detail[key] === 'number' ? detail[key] : null);
  switch (event.action) {
    case 'scrubbed': {
      const errors = number('errors') ?? 0;
      const warnings = number('warnings') ?? 0;
      const status = SCRUB_STATUS_NAMES[number('scrubStatusID') ?? 0];
      return `${status ?? 'Scrubbed'}: ${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;
    }
    case 'submitted':
      return `Batch ${valueText(detail.submissionBatchID)}, file ${valueText(detail.file)}`;
    case 'charge edited': {
      const changes = isRecord(detail.changes) ? detail.changes : {};
      const parts = Object.entries(changes).map(([field, change]) => (isRecord(change) ? `${FIELD_NAMES[field] ?? field} ${valueText(change.from)} → ${valueText(change.to)}` : field));
      return `Line ${valueText(detail.lineNumber)}: ${parts.join(', ')}`;
    }
    default: {
      const from = number('fromStatusID');
      const to = number('toStatusID');
      if (from !== null && to !== null) return `${CLAIM_STATUS_NAMES[from] ?? from} → ${CLAIM_STATUS_NAMES[to] ?? to}`;
      return Object.entries(detail)
        .map(([key, value]) => `${key}: ${valueText(value)}`)
        .join(', ');
    }
  }
}

/** '2026-03-15T12:00:00Z' as the biller's local date and time. */
function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export const HISTORY_COLUMNS: readonly RowColumn<ClaimEvent>[] = [
  { id: 'at', title: 'When', render: (event) => when(event.at) },
  { id: 'who', title: 'Who', render: (event) => event.userName ?? 'System' },
  { id: 'action', title: 'What', render: (event) => event.action },
  { id: 'detail', title: 'Detail', render: eventSummary },
  { id: 'source', title: 'From', render: (event) => event.source },
];
