import type { EdiLogRow, Hl7LogRow } from '../../../contract/importLogs.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import { EDI_OUTCOME_TEXT, EDI_SET_TEXT, HL7_OUTCOME_TEXT } from './importLogText.ts';

/** "2026-11-27 16:05:12" in the reader's own time. */
export function timeText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** What came of a message, in one line: what it did, or its first reason. */
export const hl7ResultText = (row: Hl7LogRow) =>
  row.outcome === 'accepted'
    ? (row.action ?? '')
    : (row.errors[0] ?? '') + (row.errors.length > 1 ? ` (+${row.errors.length - 1} more)` : '');

export const HL7_LOG_COLUMNS: readonly RowColumn<Hl7LogRow>[] = [
  { id: 'received', title: 'Received', render: (row) => timeText(row.receivedAt) },
  { id: 'type', title: 'Message', render: (row) => row.messageType || '—' },
  { id: 'control', title: 'Control ID', render: (row) => row.controlID || '—' },
  {
    id: 'outcome',
    title: 'Outcome',
    render: (row) => (
      <span className={`import-log__outcome import-log__outcome--${row.outcome}`}>{HL7_OUTCOME_TEXT[row.outcome]}</span>
    ),
  },
  {
    id: 'from',
    title: 'From',
    render: (row) => (row.channel === 'file' ? `File ${row.fileName ?? ''}` : `MLLP ${row.sendingFacility}`),
  },
  { id: 'practice', title: 'Practice', render: (row) => <span className="clip">{row.practiceName}</span> },
  { id: 'patient', title: 'Patient', render: (row) => row.patientName ?? '—' },
  { id: 'claim', title: 'Claim', align: 'right', render: (row) => row.claimID ?? '—' },
  { id: 'result', title: 'Result', render: (row) => <span className="clip">{hl7ResultText(row)}</span> },
];

export const EDI_LOG_COLUMNS: readonly RowColumn<EdiLogRow>[] = [
  { id: 'read', title: 'Read', render: (row) => timeText(row.readAt) },
  { id: 'set', title: 'File kind', render: (row) => EDI_SET_TEXT[row.transactionSet] },
  { id: 'file', title: 'File', render: (row) => <span className="clip">{row.fileName ?? '—'}</span> },
  {
    id: 'outcome',
    title: 'Outcome',
    render: (row) => (
      <span className={`import-log__outcome import-log__outcome--${row.outcome === 'accepted' ? 'accepted' : 'error'}`}>
        {EDI_OUTCOME_TEXT[row.outcome]}
      </span>
    ),
  },
  { id: 'group', title: 'Group', render: (row) => <span className="clip">{row.groupName}</span> },
  { id: 'by', title: 'Read by', render: (row) => row.readBy ?? '—' },
  {
    id: 'size',
    title: 'Size',
    align: 'right',
    render: (row) => `${Math.max(1, Math.round(row.bytes / 1024)).toLocaleString('en-US')} KB`,
  },
  { id: 'detail', title: 'What came of it', render: (row) => <span className="clip">{row.detail}</span> },
];
