import { DataEditor, GridCellKind, type GridCell, type GridColumn, type Item } from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import { useCallback } from 'react';
import { CLAIM_COLUMNS } from '../../src/features/claims/claimColumns.ts';
import { gridTheme } from '../../src/grid/gridTheme.ts';
import { syntheticClaim } from './syntheticClaims.ts';

const COLUMNS: GridColumn[] = CLAIM_COLUMNS.map((column) => ({
  id: column.id,
  title: column.title,
  width: column.width,
}));
const FIELDS = [
  'claimID',
  'patientName',
  'accountNumber',
  'dosFrom',
  'practiceName',
  'providerName',
  'payerName',
  'claimStatus',
  'scrubStatus',
  'submitStatus',
  'totalCharges',
  'balance',
  'assignee',
] as const;

const OUR_THEME = gridTheme('#0b5cad');

/** Texts of the rows drawn lately: the reference should not pay for making up a row per cell. */
const texts = new Map<number, string[]>();

function rowTexts(row: number): string[] {
  let found = texts.get(row);
  if (!found) {
    const claim = syntheticClaim(row);
    found = FIELDS.map((field) => String(claim[field] ?? ''));
    if (texts.size > 5_000) texts.clear();
    texts.set(row, found);
  }
  return found;
}

/**
 * The reference: glide-data-grid with the same columns and plain text cells, no paging, no
 * formatting. `sameOptions` gives it our grid's drawing options (smooth scrolling, theme), so the
 * difference left is our cells and our paging.
 */
export function BareGrid({ rows, sameOptions }: { rows: number; sameOptions: boolean }) {
  const getCellContent = useCallback(([col, row]: Item): GridCell => {
    const value = rowTexts(row)[col] ?? '';
    return { kind: GridCellKind.Text, data: value, displayData: value, allowOverlay: false, readonly: true };
  }, []);
  return (
    <div style={{ position: 'relative', flex: '1 1 0', minHeight: 0 }}>
      <DataEditor
        columns={COLUMNS}
        rows={rows}
        getCellContent={getCellContent}
        rowHeight={26}
        headerHeight={30}
        rowMarkers="none"
        width="100%"
        height="100%"
        {...(sameOptions ? { smoothScrollX: true, smoothScrollY: true, theme: OUR_THEME } : {})}
      />
    </div>
  );
}
