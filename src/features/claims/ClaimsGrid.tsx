import {
  DataEditor,
  type GridColumn,
  type GridKeyEventArgs,
  type GridSelection,
  type Item,
} from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ClaimFilter, ClaimSearchRow, ClaimSortColumn } from '../../../contract/claims.ts';
import { BULK_CLAIM_IDS_LIMIT } from '../../../contract/notes.ts';
import { ContextMenu } from '../../console/ContextMenu.tsx';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, shownColumns } from '../../grid/columnLayout.ts';
import { copyRows } from '../../grid/copyRows.ts';
import { drawTextWithEllipsis } from '../../grid/ellipsisText.ts';
import { gridTheme } from '../../grid/gridTheme.ts';
import { sortArrow, type SortState } from '../../grid/sortState.ts';
import { useGridContextMenu } from '../../grid/useGridContextMenu.ts';
import { useGridSelection } from '../../grid/useGridSelection.ts';
import { useGridScope } from '../../grid/useGridScope.ts';
import type { PagedGrid } from '../../grid/usePagedGrid.ts';
import { goTo } from '../../routing/navigation.ts';
import { useStore } from '../../state/useStore.ts';
import { notify } from '../../toasts/notify.tsx';
import { ClaimHoverCard } from './ClaimHoverCard.tsx';
import { claimCell, claimCellText, claimColumn } from './claimColumns.ts';
import { claimsGrid, dropClaimColumn, resizeClaimColumn } from './claimsGridStore.ts';
import { SelectionBanner } from './SelectionBanner.tsx';
import { useClaimHover } from './useClaimHover.ts';
import { claimDetailPath } from '../../routing/paths.ts';

interface ClaimsGridProps {
  paged: PagedGrid<ClaimSearchRow>;
  /** The filters the list shows: what "all N matching" hands to bulk commands. */
  filter?: ClaimFilter;
  sort: SortState<ClaimSortColumn>;
  onSort: (column: ClaimSortColumn) => void;
  /** The biller pressed '/' in the grid: go to the search field. */
  onSearchKey: () => void;
  accent: string;
}

/**
 * Keys the grid handles itself are switched off in glide; Mod+Home/End go to the first/last row
 * in the same column (glide's default would also jump to the first/last column).
 */
const KEYBINDINGS = {
  selectRow: false,
  selectAll: false,
  activateCell: false,
  clear: false,
  copy: false,
  cut: false,
  paste: false,
  search: false,
  goToFirstCell: false,
  goToLastCell: false,
  goToFirstRow: 'primary+Home|primary+ArrowUp',
  goToLastRow: 'primary+End|primary+ArrowDown',
} as const;

const isMod = (event: GridKeyEventArgs) => event.ctrlKey || event.metaKey;
const NO_FILTER: ClaimFilter = {};
const PICKED_ROW = { bgCell: '#fff4d6' };
const claimIdOf = (row: ClaimSearchRow) => row.claimID;
export const MOD_KEY = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** The filters as the selection store keeps a query: only the ones set. */
function queryOf(filter: ClaimFilter): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filter))
    if (typeof value === 'string' || typeof value === 'number') query[key] = value;
  return query;
}

/**
 * The all-claims list: read-only, paged from the server, driven by the keyboard. Space picks
 * rows, Shift+arrows extend, Mod+A twice takes all matching, Escape clears, Enter opens the
 * claim, Mod+C copies TSV with headers, S sorts by the cursor's column.
 */
export function ClaimsGrid({ paged, filter = NO_FILTER, sort, onSort, onSearchKey, accent }: ClaimsGridProps) {
  const { gridRef, total, rowAt, onVisibleRegionChanged, fetchRows } = paged;
  const { columns: layout, picked } = useStore(claimsGrid);
  const query = useMemo(() => queryOf(filter), [filter]);
  const selection = useGridSelection({
    paged,
    recordType: 'claim',
    idOf: claimIdOf,
    query,
    idLimit: BULK_CLAIM_IDS_LIMIT,
    external: picked,
    pickedTheme: PICKED_ROW,
  });
  const theme = useMemo(() => gridTheme(accent), [accent]);
  const refocus = useCallback(() => gridRef.current?.focus(), [gridRef]);
  const scope = useGridScope('claims-grid', refocus);
  const shown = useMemo(() => shownColumns(layout), [layout]);
  const arrived = total !== null;

  // Keyboard-first: the list takes focus as soon as it has rows to move through.
  useEffect(() => {
    if (arrived) gridRef.current?.focus();
  }, [arrived, gridRef]);

  // The column under the cursor, for 'Move column left/right'. Written when the biller moves the
  // cursor (not after a render), so a key pressed right after an arrow acts on the new column.
  const cursorColumn = selection.gridSelection.current?.cell[0];
  const { setCursorColumn, onGridSelectionChange: followCursor } = selection;
  const onGridSelectionChange = useCallback(
    (next: GridSelection) => {
      const col = next.current?.cell[0];
      claimsGrid.focusedColumn = col === undefined ? null : (shown[col]?.id ?? null);
      followCursor(next);
    },
    [shown, followCursor],
  );
  useEffect(() => {
    if (!shown.some((column) => column.id === claimsGrid.focusedColumn))
      claimsGrid.focusedColumn = shown[0]?.id ?? null;
  }, [shown]);

  // A column moved by keyboard takes the cursor along (it stays the focused column), so the next
  // press moves it again.
  const previousShown = useRef(shown);
  useEffect(() => {
    const before = previousShown.current;
    previousShown.current = shown;
    if (before === shown || cursorColumn === undefined) return;
    const moved = shown.findIndex((column) => column.id === before[cursorColumn]?.id);
    if (moved >= 0 && moved !== cursorColumn) setCursorColumn(moved);
  }, [shown, cursorColumn, setCursorColumn]);

  const columns = useMemo<GridColumn[]>(
    () =>
      shown.map((column) => {
        const definition = claimColumn(column.id);
        const title = definition?.title ?? column.id;
        return {
          id: column.id,
          title: definition?.sortColumn === sort.column ? `${title} ${sortArrow(sort.order)}` : title,
          width: column.width,
        };
      }),
    [shown, sort],
  );

  const isRowSelected = useCallback(
    (row: number) => {
      const rows = selection.commandRows();
      return rows === 'all' || rows.some(([start, end]) => row >= start && row < end);
    },
    [selection],
  );
  const menu = useGridContextMenu(gridRef, isRowSelected, selection.clear);
  const claimAt = useCallback(
    (col: number, row: number) => (shown[col]?.id === 'claimID' ? (rowAt(row)?.claimID ?? null) : null),
    [shown, rowAt],
  );
  const { hover, onItemHovered, stop: stopHover } = useClaimHover(claimAt);

  const getCellContent = useCallback(([col, row]: Item) => claimCell(shown[col]?.id ?? '', rowAt(row)), [shown, rowAt]);

  const sortBy = useCallback(
    (columnIndex: number) => {
      const column = claimColumn(shown[columnIndex]?.id ?? '')?.sortColumn;
      if (column) onSort(column);
    },
    [shown, onSort],
  );

  const copy = useCallback(() => {
    const copied = copyRows(
      selection.commandRows(),
      shown.map((column) => ({
        title: claimColumn(column.id)?.title ?? column.id,
        text: (row: ClaimSearchRow) => claimCellText(column.id, row),
      })),
      { total: total ?? 0, fetchRows: (from, to) => fetchRows(from, to) },
    );
    copied.then(
      (count) => {
        if (count > 0) notify.success(`Copied ${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}.`);
      },
      () => notify.error('Could not copy to the clipboard.'),
    );
  }, [selection, shown, total, fetchRows]);

  const openClaim = useCallback(() => {
    const row = selection.cursorRow();
    const claim = row === null ? undefined : rowAt(row);
    if (claim) goTo(claimDetailPath(claim.claimID));
  }, [selection, rowAt]);

  const onKeyDown = useCallback(
    (event: GridKeyEventArgs) => {
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
      const key = event.key.toLowerCase();
      const handled = () => {
        event.cancel();
        event.preventDefault();
      };
      // The keyboard has the biller's attention: a summary the mouse left open would cover rows.
      stopHover();
      if (plain && key === ' ') {
        handled();
        selection.toggleAtCursor();
      } else if (isMod(event) && !event.shiftKey && key === 'a') {
        handled();
        selection.selectAll();
      } else if (isMod(event) && !event.shiftKey && key === 'c') {
        handled();
        copy();
      } else if (plain && !event.shiftKey && key === 'escape') {
        handled();
        selection.clear();
      } else if (plain && !event.shiftKey && key === 'enter') {
        handled();
        openClaim();
      } else if (plain && key === 's' && event.location) {
        handled();
        sortBy(event.location[0]);
      } else if (plain && key === '/') {
        handled();
        onSearchKey();
      } else {
        menu.openFromKey(event, selection.gridSelection.current?.cell);
      }
    },
    [selection, copy, openClaim, sortBy, onSearchKey, menu, stopHover],
  );

  return (
    <>
      <SelectionBanner selection={selection} total={total} modKey={MOD_KEY} />
      <div
        className="claims-grid"
        data-refocuses-itself
        onFocus={scope.onFocus}
        onBlur={scope.onBlur}
        onMouseLeave={stopHover}
      >
        <DataEditor
          ref={gridRef}
          columns={columns}
          rows={total ?? 0}
          getCellContent={getCellContent}
          drawCell={drawTextWithEllipsis}
          onVisibleRegionChanged={onVisibleRegionChanged}
          gridSelection={selection.gridSelection}
          onGridSelectionChange={onGridSelectionChange}
          getRowThemeOverride={selection.rowTheme}
          onHeaderClicked={sortBy}
          onKeyDown={onKeyDown}
          onItemHovered={onItemHovered}
          onCellContextMenu={(cell, event) => {
            stopHover();
            menu.onCellContextMenu(cell, event);
          }}
          onColumnResize={(column, size) => resizeClaimColumn(column.id ?? column.title, size, false)}
          onColumnResizeEnd={(column, size) => resizeClaimColumn(column.id ?? column.title, size, true)}
          onColumnMoved={(from, to) => {
            const moved = shown[from]?.id;
            const onto = shown[to]?.id;
            if (moved && onto) dropClaimColumn(moved, onto);
          }}
          freezeColumns={layout.frozen}
          minColumnWidth={MIN_COLUMN_WIDTH}
          maxColumnWidth={MAX_COLUMN_WIDTH}
          keybindings={KEYBINDINGS}
          editOnType={false}
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
      {hover && menu.at === null && <ClaimHoverCard hover={hover} />}
      {menu.at && <ContextMenu at={menu.at} recordType="claim" label="Claim actions" onClose={menu.close} />}
    </>
  );
}
