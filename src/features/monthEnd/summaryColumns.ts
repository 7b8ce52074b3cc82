/** The monthly summary's columns, on screen and in an export, from one list. */
import { formatCents } from '../../../contract/money.ts';
import type { MonthFigures, MonthlySummaryRow } from '../../../contract/monthEnd.ts';
import type { ExportColumn } from '../../export/exportColumns.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import { indentedName, lockStateText, monthLabel } from './monthEndText.ts';

const MONEY: [keyof MonthFigures, string][] = [
  ['startArCents', 'AR at start'],
  ['chargesCents', 'Charges'],
  ['paymentsCents', 'Payments'],
  ['adjustmentsCents', 'Adjustments'],
  ['refundsCents', 'Refunds'],
  ['endArCents', 'AR at end'],
];

export const SUMMARY_COLUMNS: readonly RowColumn<MonthlySummaryRow>[] = [
  { id: 'month', title: 'Month', render: (row) => (row.level === 'group' ? monthLabel(row.monthStart) : '') },
  { id: 'name', title: 'Group / practice / provider', render: indentedName },
  { id: 'state', title: 'Month-end', render: lockStateText },
  ...MONEY.map(([field, title]) => ({
    id: field,
    title,
    align: 'right' as const,
    render: (row: MonthlySummaryRow) => formatCents(row[field]),
  })),
];

export const SUMMARY_EXPORT_COLUMNS: readonly ExportColumn<MonthlySummaryRow>[] = [
  { title: 'Month', kind: 'text', value: (row) => monthLabel(row.monthStart) },
  { title: 'Level', kind: 'text', value: (row) => row.level },
  { title: 'Name', kind: 'text', value: (row) => row.name },
  { title: 'Month-end', kind: 'text', value: lockStateText },
  ...MONEY.map(([field, title]) => ({ title, kind: 'money' as const, value: (row: MonthlySummaryRow) => row[field] })),
  { title: 'Insurance payments', kind: 'money', value: (row) => row.insurancePaidCents },
  { title: 'Patient payments', kind: 'money', value: (row) => row.patientPaidCents },
];
