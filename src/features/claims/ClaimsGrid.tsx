import {
  CompactSelection,
  DataEditor,
  type GridColumn,
  type GridKeyEventArgs,
  type GridSelection,
  type Item,
} from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ClaimSearchRow, ClaimSortColumn } from '../../../contract/claims.ts';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '../../grid/columnLayout.ts';
import { gridTheme } from '../../grid/gridTheme.ts';
import { sortArrow, type SortState } from '../../grid/sortState.ts';
import type { PagedGrid } from '../../grid/usePagedGrid.ts';
import { CLAIM_COLUMNS, claimCell } from './claimColumns.ts';
import { useClaimsLayout } from './useClaimsLayout.ts';

interface ClaimsGridProps {
  paged: PagedGrid<ClaimSearchRow>;
  sort: SortState<ClaimSortColumn>;
  onSort: (column: ClaimSortColumn) => void;
  /** The biller pressed '/' in the grid: go to the search field. */
  onSearchKey: () => void;
  accent: string;
}

const FIRST_CELL: GridSelection = {
  columns: CompactSelection.empty(),
  rows: CompactSelection.empty(),
  current: { cell: [0, 0], range: { x: 0, y: 0, width: 1, height: 1 }, rangeStack: [] },
};

/** The all-claims list: read-only, paged from the server, sorted by header click or the S key. */
export function ClaimsGrid({ paged, sort, onSort, onSearchKey, accent }: ClaimsGridProps) {
  const { gridRef, total, rowAt, onVisibleRegionChanged } = paged;
  const { widths, resize, saveResize } = useClaimsLayout();
  const [selection, setSelection] = useState<GridSelection>(FIRST_CELL);
  const theme = useMemo(() => gridTheme(accent), [accent]);
  const arrived = total !== null;

  // Keyboard-first: the list takes focus as soon as it has rows to move through.
  useEffect(() => {
    if (arrived) gridRef.current?.focus();
  }, [arrived, gridRef]);

  const columns = useMemo<GridColumn[]>(
    () =>
      CLAIM_COLUMNS.map((column) => ({
        id: column.id,
        title: column.sortColumn === sort.column ? `${column.title} ${sortArrow(sort.order)}` : column.title,
        width: widths[column.id] ?? column.width,
      })),
    [widths, sort],
  );

  const getCellContent = useCallback(([col, row]: Item) => claimCell(col, rowAt(row)), [rowAt]);

  const sortBy = useCallback(
    (columnIndex: number) => {
      const column = CLAIM_COLUMNS[columnIndex]?.sortColumn;
      if (column) onSort(column);
    },
    [onSort],
  );

  const onKeyDown = useCallback(
    (event: GridKeyEventArgs) => {
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
      if (plain && event.key.toLowerCase() === 's' && event.location) {
        event.preventDefault();
        sortBy(event.location[0]);
      } else if (plain && event.key === '/') {
        event.preventDefault();
        onSearchKey();
      }
    },
    [sortBy, onSearchKey],
  );

  return (
    <div className="claims-grid">
      <DataEditor
        ref={gridRef}
        columns={columns}
        rows={total ?? 0}
        getCellContent={getCellContent}
        onVisibleRegionChanged={onVisibleRegionChanged}
        gridSelection={selection}
        onGridSelectionChange={setSelection}
        onHeaderClicked={sortBy}
        onKeyDown={onKeyDown}
        onColumnResize={(column, size) => resize(column.id ?? column.title, size)}
        onColumnResizeEnd={(column, size) => saveResize(column.id ?? column.title, size)}
        minColumnWidth={MIN_COLUMN_WIDTH}
        maxColumnWidth={MAX_COLUMN_WIDTH}
        editOnType={false}
        getCellsForSelection
        rowSelect="multi"
        columnSelect="none"
        rowMarkers="none"
        rowHeight={26}
        headerHeight={30}
        smoothScrollY
        smoothScrollX
        theme={theme}
        width="100%"
        height="100%"
      />
    </div>
  );
}
