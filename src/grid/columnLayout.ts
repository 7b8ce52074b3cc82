import type { GridLayout } from '../../contract/grid.ts';

export interface ColumnWidth {
  id: string;
  width: number;
}

/** One column as the biller arranged it. The array order is the order on screen. */
export interface ColumnState {
  id: string;
  width: number;
  hidden: boolean;
}

export interface ColumnsState {
  columns: ColumnState[];
  /** How many of the leftmost shown columns stay put while scrolling sideways. */
  frozen: number;
}

/** Saved widths can be anything the server accepts; the grid keeps them within this range. */
export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 800;
/** glide-data-grid freezes left columns only; more than this leaves no room to scroll. */
export const MAX_FROZEN_COLUMNS = 6;

function clampWidth(width: number): number {
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(width)));
}

export function defaultColumns(defaults: readonly ColumnWidth[]): ColumnsState {
  return { columns: defaults.map((column) => ({ id: column.id, width: column.width, hidden: false })), frozen: 0 };
}

/**
 * The saved layout over the defaults: saved order, widths and hidden flags for the columns the
 * grid still has; columns the layout does not know keep their default width and come last.
 */
export function applyLayout(defaults: readonly ColumnWidth[], layout: GridLayout | null): ColumnsState {
  if (!layout) return defaultColumns(defaults);
  const known = new Map(defaults.map((column) => [column.id, column]));
  const columns: ColumnState[] = [];
  for (const saved of layout.columns) {
    if (known.has(saved.id) && !columns.some((column) => column.id === saved.id))
      columns.push({ id: saved.id, width: clampWidth(saved.width), hidden: saved.hidden });
  }
  for (const column of defaults) {
    if (!columns.some((each) => each.id === column.id))
      columns.push({ id: column.id, width: column.width, hidden: false });
  }
  // A grid with every column hidden is a blank screen: show them all again.
  if (columns.every((column) => column.hidden)) for (const column of columns) column.hidden = false;
  return { columns, frozen: Math.min(layout.frozen, MAX_FROZEN_COLUMNS) };
}

/** The layout to save: every column in screen order with its width and hidden flag. */
export function layoutOf(state: ColumnsState): GridLayout {
  return {
    columns: state.columns.map((column) => ({ id: column.id, width: clampWidth(column.width), hidden: column.hidden })),
    frozen: state.frozen,
  };
}

export function shownColumns(state: ColumnsState): ColumnState[] {
  return state.columns.filter((column) => !column.hidden);
}

export function resizeColumn(state: ColumnsState, id: string, width: number): ColumnsState {
  return {
    ...state,
    columns: state.columns.map((column) => (column.id === id ? { ...column, width: clampWidth(width) } : column)),
  };
}

/** Moves a shown column `by` places among the shown columns (negative: to the left). */
export function moveColumn(state: ColumnsState, id: string, by: number): ColumnsState {
  const shown = shownColumns(state);
  const from = shown.findIndex((column) => column.id === id);
  const to = Math.max(0, Math.min(shown.length - 1, from + by));
  if (from < 0 || from === to) return state;
  const target = shown[to]!.id;
  return moveColumnTo(state, id, target);
}

/** Puts column `id` where column `target` is now (a drag in the header ends here). */
export function moveColumnTo(state: ColumnsState, id: string, target: string): ColumnsState {
  const columns = [...state.columns];
  const from = columns.findIndex((column) => column.id === id);
  const to = columns.findIndex((column) => column.id === target);
  if (from < 0 || to < 0 || from === to) return state;
  const [moved] = columns.splice(from, 1);
  columns.splice(to, 0, moved!);
  return { ...state, columns };
}

/** Hides or shows a column; the last shown column cannot be hidden. */
export function toggleColumn(state: ColumnsState, id: string): ColumnsState {
  const column = state.columns.find((each) => each.id === id);
  if (!column) return state;
  if (!column.hidden && shownColumns(state).length === 1) return state;
  const columns = state.columns.map((each) => (each.id === id ? { ...each, hidden: !each.hidden } : each));
  return { columns, frozen: Math.min(state.frozen, columns.filter((each) => !each.hidden).length - 1) };
}

export function freezeColumns(state: ColumnsState, count: number): ColumnsState {
  return { ...state, frozen: Math.max(0, Math.min(count, MAX_FROZEN_COLUMNS, shownColumns(state).length - 1)) };
}
