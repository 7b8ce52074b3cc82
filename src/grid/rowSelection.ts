/**
 * Which rows of a paged grid the biller selected, by row position: picked rows (Space, Mod+A),
 * plus the rows of the cell range (Shift+arrows), or the row under the cursor when nothing else
 * is. "All N matching" is a flag, not a list: the query goes to bulk commands, not the ids.
 */

/** Sorted, non-overlapping, non-touching half-open ranges [start, end). */
export type RowRanges = readonly (readonly [number, number])[];

export type SelectAllStage = 'none' | 'loaded' | 'matching';

export interface RowSelection {
  picked: RowRanges;
  /** 'loaded': Mod+A took the loaded rows; a second Mod+A takes every matching row. */
  stage: SelectAllStage;
}

export const NO_ROWS: RowSelection = { picked: [], stage: 'none' };

function normalise(ranges: Iterable<readonly [number, number]>): RowRanges {
  const sorted = [...ranges].filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

export function countRows(ranges: RowRanges): number {
  return ranges.reduce((sum, [start, end]) => sum + end - start, 0);
}

function covers(ranges: RowRanges, start: number, end: number): boolean {
  return ranges.some(([from, to]) => from <= start && to >= end);
}

function subtract(ranges: RowRanges, start: number, end: number): RowRanges {
  const result: [number, number][] = [];
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) result.push([from, to]);
    else {
      if (from < start) result.push([from, start]);
      if (to > end) result.push([end, to]);
    }
  }
  return result;
}

/** Space: rows [start, end) become selected, or unselected when all of them already were. */
export function toggleRows(selection: RowSelection, start: number, end: number): RowSelection {
  const picked = covers(selection.picked, start, end)
    ? subtract(selection.picked, start, end)
    : normalise([...selection.picked, [start, end]]);
  return { picked, stage: 'none' };
}

/**
 * Mod+A: the first press takes the loaded rows, the next one every matching row. When the loaded
 * rows already are the whole list, the first press is the whole list.
 */
export function selectAllStep(selection: RowSelection, loaded: RowRanges, total: number): RowSelection {
  if (selection.stage === 'loaded' || countRows(loaded) >= total) return { picked: [[0, total]], stage: 'matching' };
  return { picked: normalise(loaded), stage: 'loaded' };
}

export interface Cursor {
  row: number;
  /** The cell range's first row and height (1 when it is only the cursor cell). */
  rangeTop: number;
  rangeHeight: number;
}

/** The rows a command acts on, or 'all' for every matching row. */
export function rowsForCommand(selection: RowSelection, cursor: Cursor | null, total: number): RowRanges | 'all' {
  if (selection.stage === 'matching') return 'all';
  const ranges: [number, number][] = [...selection.picked].map(([start, end]) => [start, end]);
  if (cursor && cursor.rangeHeight > 1) ranges.push([cursor.rangeTop, cursor.rangeTop + cursor.rangeHeight]);
  if (ranges.length === 0 && cursor && cursor.row < total) ranges.push([cursor.row, cursor.row + 1]);
  const rows = normalise(ranges);
  return countRows(rows) >= total && total > 0 ? 'all' : rows;
}

/**
 * The rows drawn as selected, whole rows wide: the picked rows and the rows of the cell range
 * (Shift+arrows), every row for "all N matching". The cursor row alone is the cursor, not a
 * selection: it is not tinted.
 */
export function tintedRows(selection: RowSelection, cursor: Cursor | null, total: number): RowRanges {
  if (selection.stage === 'matching') return total > 0 ? [[0, total]] : [];
  if (!cursor || cursor.rangeHeight <= 1) return selection.picked;
  return normalise([...selection.picked, [cursor.rangeTop, Math.min(total, cursor.rangeTop + cursor.rangeHeight)]]);
}

/** Loaded pages as row ranges (for Mod+A's first press). */
export function pagesAsRows(pages: readonly number[], pageSize: number, total: number): RowRanges {
  return normalise(pages.map((page) => [page * pageSize, Math.min(total, (page + 1) * pageSize)] as const));
}
