import { GridCellKind, type GridCell } from '@glideapps/glide-data-grid';
import type { ClaimSearchRow, ClaimSortColumn } from '../../../contract/claims.ts';
import { formatCents } from '../../../contract/money.ts';
import type { ExportColumn } from '../../export/exportColumns.ts';
import { NEGATIVE_TEXT } from '../../grid/gridTheme.ts';
import { formatDateRange } from '../../ui/format.ts';

export interface ClaimColumn {
  id: string;
  title: string;
  width: number;
  /** Set when the server can sort by this column. */
  sortColumn?: ClaimSortColumn;
  money?: (row: ClaimSearchRow) => number;
  text?: (row: ClaimSearchRow) => string;
  /** The column in an export, typed (dates stay dates, money stays cents); DOS becomes two date columns. */
  exportAs: readonly ExportColumn<ClaimSearchRow>[];
}

const textColumn = (title: string, value: (row: ClaimSearchRow) => string | null): ExportColumn<ClaimSearchRow> => ({
  title,
  kind: 'text',
  value,
});

export const CLAIM_COLUMNS: readonly ClaimColumn[] = [
  {
    id: 'claimID',
    title: 'Claim ID',
    width: 90,
    sortColumn: 'claimID',
    text: (row) => String(row.claimID),
    exportAs: [{ title: 'Claim ID', kind: 'integer', value: (row) => row.claimID }],
  },
  {
    id: 'patientName',
    title: 'Patient',
    width: 180,
    sortColumn: 'patientName',
    text: (row) => row.patientName,
    exportAs: [textColumn('Patient', (row) => row.patientName)],
  },
  {
    id: 'accountNumber',
    title: 'Account',
    width: 110,
    text: (row) => row.accountNumber,
    exportAs: [textColumn('Account', (row) => row.accountNumber)],
  },
  {
    id: 'dos',
    title: 'DOS',
    width: 170,
    sortColumn: 'dosFrom',
    text: (row) => formatDateRange(row.dosFrom, row.dosTo),
    exportAs: [
      { title: 'DOS From', kind: 'date', value: (row) => row.dosFrom },
      { title: 'DOS To', kind: 'date', value: (row) => row.dosTo },
    ],
  },
  {
    id: 'practiceName',
    title: 'Practice',
    width: 170,
    text: (row) => row.practiceName,
    exportAs: [textColumn('Practice', (row) => row.practiceName)],
  },
  {
    id: 'providerName',
    title: 'Provider',
    width: 160,
    text: (row) => row.providerName,
    exportAs: [textColumn('Provider', (row) => row.providerName)],
  },
  {
    id: 'payerName',
    title: 'Payer',
    width: 170,
    text: (row) => row.payerName ?? '',
    exportAs: [textColumn('Payer', (row) => row.payerName)],
  },
  {
    id: 'claimStatus',
    title: 'Claim Status',
    width: 130,
    sortColumn: 'claimStatus',
    text: (row) => row.claimStatus,
    exportAs: [textColumn('Claim Status', (row) => row.claimStatus)],
  },
  {
    id: 'scrubStatus',
    title: 'Scrub Status',
    width: 120,
    text: (row) => row.scrubStatus,
    exportAs: [textColumn('Scrub Status', (row) => row.scrubStatus)],
  },
  {
    id: 'submitStatus',
    title: 'Submit Status',
    width: 170,
    text: (row) => row.submitStatus,
    exportAs: [textColumn('Submit Status', (row) => row.submitStatus)],
  },
  {
    id: 'totalCharges',
    title: 'Total Charges',
    width: 110,
    money: (row) => row.totalCharges,
    exportAs: [{ title: 'Total Charges', kind: 'money', value: (row) => row.totalCharges }],
  },
  {
    id: 'balance',
    title: 'Balance',
    width: 110,
    sortColumn: 'balance',
    money: (row) => row.balance,
    exportAs: [{ title: 'Balance', kind: 'money', value: (row) => row.balance }],
  },
  {
    id: 'assignee',
    title: 'Assignee',
    width: 140,
    text: (row) => row.assignee ?? '',
    exportAs: [textColumn('Assignee', (row) => row.assignee)],
  },
];

const COLUMN_INDEX = new Map(CLAIM_COLUMNS.map((column, index) => [column.id, index]));

export function claimColumn(id: string): ClaimColumn | undefined {
  const index = COLUMN_INDEX.get(id);
  return index === undefined ? undefined : CLAIM_COLUMNS[index];
}

/** The cell as plain text (copying to the clipboard): what the biller reads on screen. */
export function claimCellText(id: string, row: ClaimSearchRow): string {
  const column = claimColumn(id);
  if (!column) return '';
  return column.money ? formatCents(column.money(row)) : (column.text?.(row) ?? '');
}

const LOADING: GridCell = { kind: GridCellKind.Loading, allowOverlay: false };

/** Cells are built once per row: the grid asks again on every redraw. */
const cache = new WeakMap<ClaimSearchRow, GridCell[]>();

function buildCell(column: ClaimColumn, row: ClaimSearchRow): GridCell {
  if (column.money) {
    const cents = column.money(row);
    const text = formatCents(cents);
    return {
      kind: GridCellKind.Text,
      data: text,
      displayData: text,
      allowOverlay: false,
      readonly: true,
      contentAlign: 'right',
      ...(cents < 0 ? { themeOverride: { textDark: NEGATIVE_TEXT } } : {}),
    };
  }
  const text = column.text?.(row) ?? '';
  return { kind: GridCellKind.Text, data: text, displayData: text, allowOverlay: false, readonly: true };
}

/** The cell of column `id` for `row`; a loading cell until the row's page arrives. */
export function claimCell(id: string, row: ClaimSearchRow | undefined): GridCell {
  const index = COLUMN_INDEX.get(id);
  if (!row || index === undefined) return LOADING;
  let cells = cache.get(row);
  if (!cells) {
    cells = CLAIM_COLUMNS.map((each) => buildCell(each, row));
    cache.set(row, cells);
  }
  return cells[index] ?? LOADING;
}
