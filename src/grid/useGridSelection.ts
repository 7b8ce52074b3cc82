import { CompactSelection, type GridSelection, type Theme } from '@glideapps/glide-data-grid';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { clearSelection, selectAllMatching, selectRecords, setPendingSelectionWrite } from '../state/selection.ts';
import { reportCursorRow } from '../toasts/toastPlacement.ts';
import {
  NO_ROWS,
  rowsForCommand,
  selectAllStep,
  tintedRows,
  toggleRows,
  type RowRanges,
  type RowSelection,
} from './rowSelection.ts';
import type { PagedGrid } from './usePagedGrid.ts';

export interface GridSelectionOptions<Row> {
  paged: PagedGrid<Row>;
  recordType: string;
  idOf: (row: Row) => number;
  /** The search the grid shows (filters only): "all N matching" hands it to bulk commands. */
  query: Record<string, string | number>;
  /** Most ids handed to commands. One more than a command's batch limit lets it refuse by name. */
  idLimit: number;
  /** Records picked from outside the grid (a report's "select the failed"); a new token each time. */
  external: { ids: readonly number[]; token: number } | null;
  /** Row colours of externally picked records, drawn over the row. */
  pickedTheme: Partial<Theme>;
}

export interface GridSelectionApi {
  gridSelection: GridSelection;
  onGridSelectionChange: (next: GridSelection) => void;
  rows: RowSelection;
  /** How many records an outside pick selected, or null. */
  externalCount: number | null;
  toggleAtCursor: () => void;
  selectAll: () => void;
  clear: () => void;
  /** The rows a command or a copy acts on. */
  commandRows: () => RowRanges | 'all';
  cursorRow: () => number | null;
  /** Puts the cursor in column `col` of the same row (it follows a column the biller moved). */
  setCursorColumn: (col: number) => void;
  rowTheme: (row: number) => Partial<Theme> | undefined;
}

const FIRST_CELL: GridSelection = {
  columns: CompactSelection.empty(),
  rows: CompactSelection.empty(),
  current: { cell: [0, 0], range: { x: 0, y: 0, width: 1, height: 1 }, rangeStack: [] },
};
/** Shift+arrow held down changes the selection every few milliseconds; tell commands once it rests. */
const SYNC_PAUSE_MS = 40;

function compact(ranges: RowRanges): CompactSelection {
  return ranges.reduce((selection, [start, end]) => selection.add([start, end]), CompactSelection.empty());
}

/**
 * The keyboard selection of a paged grid (Space, Shift+arrows, Mod+A twice, Escape), drawn by
 * glide-data-grid and written to the selection store that commands read: ids, or the query for
 * "all N matching". Rows not loaded yet are fetched for their ids.
 */
export function useGridSelection<Row>(options: GridSelectionOptions<Row>): GridSelectionApi {
  const { paged, recordType, idOf, query, idLimit, external, pickedTheme } = options;
  const { fetchRows, heldRows, rowAt } = paged;
  const known = paged.total !== null;
  const total = paged.total ?? 0;
  const [cursor, setCursor] = useState<GridSelection['current']>(FIRST_CELL.current);
  const [rows, setRows] = useState<RowSelection>(NO_ROWS);
  const [picked, setPicked] = useState<ReadonlySet<number> | null>(null);

  // A new outside pick replaces the biller's own selection (set while rendering, as React
  // advises for state that follows a prop). A pick made before the grid appeared is not taken.
  const [seenPick, setSeenPick] = useState(external?.token ?? null);
  if (external && external.token !== seenPick) {
    setSeenPick(external.token);
    setPicked(new Set(external.ids));
    setRows(NO_ROWS);
  }

  const cursorRange = useMemo(
    () => (cursor ? { row: cursor.cell[1], rangeTop: cursor.range.y, rangeHeight: cursor.range.height } : null),
    [cursor],
  );
  const commandRows = useCallback(() => rowsForCommand(rows, cursorRange, total), [rows, cursorRange, total]);

  const queryKey = JSON.stringify(query);
  useEffect(() => {
    // An outside pick already wrote the store; the grid keeps out of it until the biller selects again.
    if (picked !== null || !known) return;
    const controller = new AbortController();
    const write = async (): Promise<void> => {
      const wanted = commandRows();
      if (wanted === 'all') {
        selectAllMatching(recordType, total, JSON.parse(queryKey) as Record<string, string | number>);
        return;
      }
      const ranges: [number, number][] = [];
      let room = idLimit + 1;
      for (const [start, end] of wanted) {
        if (room <= 0) break;
        ranges.push([start, Math.min(end, start + room)]);
        room -= end - start;
      }
      try {
        const found = await Promise.all(
          ranges.map(([start, end]) => fetchRows(start, end, { signal: controller.signal })),
        );
        if (controller.signal.aborted) return;
        const ids = found.flat().map(idOf);
        if (ids.length === 0) clearSelection();
        else selectRecords(recordType, ids);
      } catch {
        // Cancelled by a newer selection (which writes its own), or the API client has said why:
        // then no command may run on the rows picked before.
        if (!controller.signal.aborted) clearSelection();
      }
    };
    // Once: by the timer, or sooner by a command that runs meanwhile.
    let written: Promise<void> | null = null;
    const writeOnce = () => (written ??= write());
    const timer = setTimeout(() => void writeOnce(), SYNC_PAUSE_MS);
    const unregister = setPendingSelectionWrite(writeOnce);
    return () => {
      clearTimeout(timer);
      controller.abort();
      unregister();
    };
  }, [commandRows, picked, known, fetchRows, recordType, idOf, idLimit, total, queryKey]);

  // Every row a command would take is tinted across the whole row, a Shift+arrow range too (the
  // range itself is one column of cells, which alone looked like a selection of one column).
  const gridSelection = useMemo<GridSelection>(
    () => ({ columns: CompactSelection.empty(), rows: compact(tintedRows(rows, cursorRange, total)), current: cursor }),
    [rows, cursor, cursorRange, total],
  );

  const onGridSelectionChange = useCallback((next: GridSelection) => setCursor(next.current), []);

  const toggleAtCursor = useCallback(() => {
    if (!cursor) return;
    setPicked(null);
    setRows((current) => toggleRows(current, cursor.range.y, cursor.range.y + cursor.range.height));
  }, [cursor]);

  const selectAll = useCallback(() => {
    setPicked(null);
    setRows((current) => selectAllStep(current, heldRows(), total));
  }, [heldRows, total]);

  const clear = useCallback(() => {
    setPicked(null);
    setRows(NO_ROWS);
    setCursor((current) =>
      current
        ? { ...current, range: { x: current.cell[0], y: current.cell[1], width: 1, height: 1 }, rangeStack: [] }
        : current,
    );
  }, []);

  const cursorRow = useCallback(() => cursor?.cell[1] ?? null, [cursor]);
  const setCursorColumn = useCallback((col: number) => {
    setCursor((current) =>
      current
        ? { cell: [col, current.cell[1]], range: { x: col, y: current.cell[1], width: 1, height: 1 }, rangeStack: [] }
        : current,
    );
  }, []);

  // The toasts keep clear of the cursor row: a canvas grid draws it, so it says where it is.
  const { gridRef } = paged;
  const cursorAt = cursor?.cell[1] ?? null;
  useEffect(() => {
    if (cursorAt === null) return;
    return reportCursorRow(() => {
      const grid = gridRef.current?.getBounds();
      const cell = gridRef.current?.getBounds(0, cursorAt);
      if (!grid || !cell) return null;
      const top = Math.max(grid.y, cell.y);
      const bottom = Math.min(grid.y + grid.height, cell.y + cell.height);
      return bottom > top ? { left: grid.x, top, right: grid.x + grid.width, bottom } : null;
    });
  }, [gridRef, cursorAt]);

  const rowTheme = useCallback(
    (row: number) => {
      if (picked === null) return undefined;
      const record = rowAt(row);
      return record !== undefined && picked.has(idOf(record)) ? pickedTheme : undefined;
    },
    [picked, rowAt, idOf, pickedTheme],
  );

  return {
    gridSelection,
    onGridSelectionChange,
    rows,
    externalCount: picked === null ? null : picked.size,
    toggleAtCursor,
    selectAll,
    clear,
    commandRows,
    cursorRow,
    setCursorColumn,
    rowTheme,
  };
}
