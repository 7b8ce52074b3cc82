export type SortOrder = 'asc' | 'desc';

export interface SortState<Column extends string> {
  column: Column;
  order: SortOrder;
}

/** Sorting the sorted column again flips it; another column starts ascending. */
export function nextSort<Column extends string>(current: SortState<Column>, column: Column): SortState<Column> {
  if (current.column === column) return { column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { column, order: 'asc' };
}

export function sortArrow(order: SortOrder): string {
  return order === 'asc' ? '▲' : '▼';
}
