import type { ClaimEvent } from '../../../contract/claimDNA.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import { dnaLine, sourceText } from './dnaText.ts';
import './claimHistory.css';

/** '2026-03-15T12:00:00Z' as the biller's local date and time: 03/15/2026, 07:00 AM. */
function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The claim's history (DNA log) as the claim detail and the expanded view list it, in the biller's words (dnaText.ts). */
export const HISTORY_COLUMNS: readonly RowColumn<ClaimEvent>[] = [
  { id: 'at', title: 'When', render: (event) => when(event.at) },
  { id: 'who', title: 'Who', render: (event) => event.userName ?? 'System' },
  { id: 'action', title: 'What', render: (event) => dnaLine(event).what },
  { id: 'detail', title: 'Detail', render: (event) => <span className="dna-detail">{dnaLine(event).detail}</span> },
  { id: 'source', title: 'From', render: (event) => sourceText(event.source) },
];
