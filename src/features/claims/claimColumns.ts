import { GridCellKind, type GridCell } from '@glideapps/glide-data-grid';
import type { ClaimSearchRow, ClaimSortColumn } from '../../../contract/claims.ts';
import { formatCents } from '../../../contract/money.ts';
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
}

export const CLAIM_COLUMNS: readonly ClaimColumn[] = [
  { id: 'claimID', title: 'Claim ID', width: 90, sortColumn: 'claimID', text: (row) => String(row.claimID) },
  { id: 'patientName', title: 'Patient', width: 180, sortColumn: 'patientName', text: (row) => row.patientName },
  { id: 'accountNumber', title: 'Account', width: 110, text: (row) => row.accountNumber },
  { id: 'dos', title: 'DOS', width: 170, sortColumn: 'dosFrom', text: (row) => formatDateRange(row.dosFrom, row.dosTo) },
  { id: 'practiceName', title: 'Practice', width: 170, text: (row) => row.practiceName },
  { id: 'providerName', title: 'Provider', width: 160, text: (row) => row.providerName },
  { id: 'payerName', title: 'Payer', width: 170, text: (row) => row.payerName ?? '' },
  { id: 'claimStatus', title: 'Claim Status', width: 130, sortColumn: 'claimStatus', text: (row) => row.claimStatus },
  { id: 'scrubStatus', title: 'Scrub Status', width: 120, text: (row) => row.scrubStatus },
  { id: 'submitStatus', title: 'Submit Status', width: 170, text: (row) => row.submitStatus },
  { id: 'totalCharges', title: 'Total Charges', width: 110, money: (row) => row.totalCharges },
  { id: 'balance', title: 'Balance', width: 110, sortColumn: 'balance', money: (row) => row.balance },
  { id: 'assignee', title: 'Assignee', width: 140, text: (row) => row.assignee ?? '' },
];

export const CLAIM_COLUMN_IDS = CLAIM_COLUMNS.map((column) => column.id);

const LOADING: GridCell = { kind: GridCellKind.Loading, allowOverlay: false };

/** Cells are built once per row and column: the grid asks again on every redraw. */
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

export function claimCell(columnIndex: number, row: ClaimSearchRow | undefined): GridCell {
  const column = CLAIM_COLUMNS[columnIndex];
  if (!row || !column) return LOADING;
  let cells = cache.get(row);
  if (!cells) {
    cells = CLAIM_COLUMNS.map((each) => buildCell(each, row));
    cache.set(row, cells);
  }
  return cells[columnIndex] ?? LOADING;
}
