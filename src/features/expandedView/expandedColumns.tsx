/**
 * The columns of the expanded view's tables: every column of a charge line (modifiers, NDC,
 * revenue code, providers, line control number), the financial summary, notes and tasks.
 */
import type { ClaimInfoLine } from '../../../contract/claimForm.ts';
import type { ClaimNote } from '../../../contract/claimNotes.ts';
import type { FinancialFigures } from '../../../contract/claimFinancial.ts';
import type { ClaimTask } from '../../../contract/tasks.ts';
import { formatDate, formatDateRange } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import type { RowColumn } from '../../ui/RowList.tsx';

const dash = (value: string | number | null) => (value === null || value === '' ? '—' : value);

export const LINE_COLUMNS: readonly RowColumn<ClaimInfoLine>[] = [
  { id: 'line', title: '#', align: 'right', render: (line) => line.lineNumber },
  { id: 'status', title: 'Status', render: (line) => line.status },
  { id: 'dos', title: 'DOS', render: (line) => formatDateRange(line.dosFrom, line.dosTo) },
  { id: 'code', title: 'CPT/HCPCS', render: (line) => <strong>{line.cptCode}</strong> },
  ...[0, 1, 2, 3].map((at): RowColumn<ClaimInfoLine> => ({
    id: `m${at + 1}`,
    title: `M${at + 1}`,
    render: (line) => dash(line.modifiers[at] ?? null),
  })),
  { id: 'units', title: 'Units', align: 'right', render: (line) => line.units },
  { id: 'charge', title: 'Charge', align: 'right', render: (line) => <Money cents={line.chargeCents} /> },
  { id: 'balance', title: 'Balance', align: 'right', render: (line) => <Money cents={line.balanceCents} /> },
  { id: 'pointers', title: 'Dx ptr', render: (line) => line.diagnosisPointers.join(' ') },
  { id: 'pos', title: 'POS', render: (line) => dash(line.posCode) },
  {
    id: 'ndc',
    title: 'NDC',
    render: (line) => (line.ndcCode ? `${line.ndcCode} ${line.ndcUnitType ?? ''} ${line.ndcUnits ?? ''}`.trim() : '—'),
  },
  { id: 'revenue', title: 'Rev code', render: (line) => dash(line.revenueCode) },
  { id: 'rendering', title: 'Rendering provider', render: (line) => dash(line.renderingProviderName) },
  { id: 'lcn', title: 'Line control #', render: (line) => line.lineControlNumber },
];

const FIGURES: readonly [keyof FinancialFigures, string][] = [
  ['charges', 'Charges'],
  ['insurancePaid', 'Insurance paid'],
  ['patientPaid', 'Patient paid'],
  ['contractualAdjustments', 'Contractual adjustments'],
  ['writeOffs', 'Write-offs'],
  ['otherAdjustments', 'Other adjustments'],
  ['refunds', 'Refunds'],
  ['reversals', 'Reversed (already out of the figures above)'],
  ['patientResponsibility', 'Patient responsibility'],
  ['insuranceBalance', 'Insurance balance'],
  ['balance', 'Balance'],
];

export interface FigureRow {
  key: keyof FinancialFigures;
  label: string;
  cents: number;
}

export function figureRows(figures: FinancialFigures): FigureRow[] {
  return FIGURES.map(([key, label]) => ({ key, label, cents: figures[key] }));
}

export const FIGURE_COLUMNS: readonly RowColumn<FigureRow>[] = [
  { id: 'label', title: 'Figure', render: (row) => row.label },
  { id: 'amount', title: 'Amount', align: 'right', render: (row) => <Money cents={row.cents} /> },
];

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

export const NOTE_COLUMNS: readonly RowColumn<ClaimNote>[] = [
  { id: 'at', title: 'When', render: (note) => when(note.createdAt) },
  { id: 'who', title: 'Who', render: (note) => dash(note.createdBy) },
  { id: 'type', title: 'Type', render: (note) => note.noteType },
  { id: 'line', title: 'Line', render: (note) => dash(note.lineNumber) },
  { id: 'text', title: 'Note', render: (note) => (note.archived ? <s>{note.text}</s> : note.text) },
];

export const TASK_COLUMNS: readonly RowColumn<ClaimTask>[] = [
  { id: 'type', title: 'Task', render: (task) => task.taskType },
  { id: 'text', title: 'What', render: (task) => task.text },
  { id: 'who', title: 'Assigned to', render: (task) => dash(task.assignedTo) },
  { id: 'due', title: 'Due', render: (task) => (task.dueDate ? formatDate(task.dueDate) : '—') },
  { id: 'status', title: 'Status', render: (task) => task.status },
];
