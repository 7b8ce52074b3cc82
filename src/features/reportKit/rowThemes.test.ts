import { describe, expect, it } from 'vitest';
import { NEGATIVE_TEXT } from '../../grid/gridTheme.ts';
import { cellThemeOf, CHILD_ROW, rowThemeOf, TOTALS_ROW } from './rowThemes.ts';
import { shownRowAt } from './shownRows.ts';

describe('the look of a report’s totals row', () => {
  it('gives no row theme to the totals row or past it, so no empty coloured row shows above the totals', () => {
    // The grid paints a frozen last row's row-theme background under the last row too.
    for (const index of [5, 6, 7]) expect(rowThemeOf(shownRowAt(index, 5, [], true))).toBeUndefined();
    expect(rowThemeOf(shownRowAt(0, 5, [], true))).toBeUndefined();
    expect(rowThemeOf(shownRowAt(1, 5, [{ index: 0, children: ['a'] }], true))).toBe(CHILD_ROW);
  });

  it('puts the totals look on the totals row’s cells, a negative total in red', () => {
    expect(cellThemeOf('totals', false)).toEqual(TOTALS_ROW);
    expect(cellThemeOf('totals', true)).toEqual({ ...TOTALS_ROW, textDark: NEGATIVE_TEXT });
    expect(cellThemeOf('row', true)).toEqual({ textDark: NEGATIVE_TEXT });
    expect(cellThemeOf('row', false)).toBeUndefined();
  });
});
