import type { GridLayout } from '../../contract/grid.ts';

export interface ColumnWidth {
  id: string;
  width: number;
}

/** Saved widths can be anything the server accepts; the grid keeps them within this range. */
export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 800;

function clampWidth(width: number): number {
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(width)));
}

/** The default widths with the saved ones laid over; columns the layout does not know keep theirs. */
export function applyLayout(defaults: readonly ColumnWidth[], layout: GridLayout | null): Record<string, number> {
  const widths: Record<string, number> = {};
  for (const column of defaults) widths[column.id] = column.width;
  for (const saved of layout?.columns ?? []) {
    if (saved.id in widths) widths[saved.id] = clampWidth(saved.width);
  }
  return widths;
}

/** The layout to save: every column in grid order with its current width. */
export function layoutOf(columnIds: readonly string[], widths: Readonly<Record<string, number>>): GridLayout {
  return {
    columns: columnIds.map((id) => ({ id, width: clampWidth(widths[id] ?? MIN_COLUMN_WIDTH), hidden: false })),
    frozen: 0,
  };
}
