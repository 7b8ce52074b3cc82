import type { Theme } from '@glideapps/glide-data-grid';
import { NEGATIVE_TEXT } from '../../grid/gridTheme.ts';
import type { ShownRow } from './shownRows.ts';

/** How a report's totals row and the rows under an expanded row look. */
export const TOTALS_ROW: Partial<Theme> = { baseFontStyle: '600 13px', bgCell: '#eef1f4' };
export const CHILD_ROW: Partial<Theme> = { bgCell: '#fafbfc', textDark: '#424a53' };

/**
 * A whole row's theme (the grid's getRowThemeOverride): the rows under an expanded row only.
 * Never the totals row's: the grid paints the background a row theme gives the frozen last row
 * into the blank space under the last row as well, which showed as an empty row in the totals'
 * colour above the totals row. The totals row's look goes on its cells (`cellThemeOf`).
 */
export function rowThemeOf(at: ShownRow | null): Partial<Theme> | undefined {
  return at?.kind === 'child' ? CHILD_ROW : undefined;
}

/** A cell's own theme: the totals row's look, a negative amount in red. */
export function cellThemeOf(kind: ShownRow['kind'], negative: boolean): Partial<Theme> | undefined {
  const totals = kind === 'totals' ? TOTALS_ROW : undefined;
  if (!negative) return totals;
  return { ...totals, textDark: NEGATIVE_TEXT };
}
