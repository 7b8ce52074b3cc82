import { describe, expect, it } from 'vitest';
import { NO_ROWS, pagesAsRows, rowsForCommand, selectAllStep, tintedRows, toggleRows } from './rowSelection.ts';

describe('row selection', () => {
  it('Space toggles the rows under the cursor, merging neighbours', () => {
    let selection = toggleRows(NO_ROWS, 3, 4);
    selection = toggleRows(selection, 4, 6);
    expect(selection.picked).toEqual([[3, 6]]);
    selection = toggleRows(selection, 4, 5);
    expect(selection.picked).toEqual([
      [3, 4],
      [5, 6],
    ]);
  });

  it('acts on the picked rows plus a Shift+arrow range, or on the row under the cursor when nothing is picked', () => {
    const picked = toggleRows(NO_ROWS, 10, 11);
    expect(rowsForCommand(picked, { row: 20, rangeTop: 20, rangeHeight: 3 }, 100)).toEqual([
      [10, 11],
      [20, 23],
    ]);
    expect(rowsForCommand(picked, { row: 20, rangeTop: 20, rangeHeight: 1 }, 100)).toEqual([[10, 11]]);
    expect(rowsForCommand(NO_ROWS, { row: 7, rangeTop: 7, rangeHeight: 1 }, 100)).toEqual([[7, 8]]);
    expect(rowsForCommand(NO_ROWS, null, 100)).toEqual([]);
  });

  it('Mod+A takes the loaded rows first, then every matching row', () => {
    const loaded = pagesAsRows([4, 5, 6], 100, 1_000_000);
    const first = selectAllStep(NO_ROWS, loaded, 1_000_000);
    expect(first).toEqual({ picked: [[400, 700]], stage: 'loaded' });
    expect(rowsForCommand(first, null, 1_000_000)).toEqual([[400, 700]]);
    const second = selectAllStep(first, loaded, 1_000_000);
    expect(second.stage).toBe('matching');
    expect(rowsForCommand(second, null, 1_000_000)).toBe('all');
    // Space after that starts a hand-picked selection again.
    expect(toggleRows(second, 5, 6).stage).toBe('none');
  });

  it('treats a fully loaded short list as all matching on the first Mod+A', () => {
    const selection = selectAllStep(NO_ROWS, pagesAsRows([0], 100, 42), 42);
    expect(selection.stage).toBe('matching');
  });

  it('tints whole rows: the picked ones and a Shift+arrow range, every row for all matching, never the cursor row alone', () => {
    const picked = toggleRows(NO_ROWS, 10, 11);
    expect(tintedRows(picked, { row: 20, rangeTop: 20, rangeHeight: 3 }, 100)).toEqual([
      [10, 11],
      [20, 23],
    ]);
    expect(tintedRows(NO_ROWS, { row: 4, rangeTop: 2, rangeHeight: 3 }, 100)).toEqual([[2, 5]]);
    expect(tintedRows(NO_ROWS, { row: 4, rangeTop: 4, rangeHeight: 1 }, 100)).toEqual([]);
    expect(tintedRows(picked, null, 100)).toEqual([[10, 11]]);
    expect(tintedRows({ picked: [[0, 100]], stage: 'matching' }, { row: 0, rangeTop: 0, rangeHeight: 1 }, 100)).toEqual(
      [[0, 100]],
    );
  });
});
