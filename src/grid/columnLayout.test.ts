import { describe, expect, it } from 'vitest';
import { applyLayout, freezeColumns, layoutOf, moveColumn, shownColumns, toggleColumn } from './columnLayout.ts';

const defaults = [
  { id: 'claimID', width: 90 },
  { id: 'patientName', width: 180 },
  { id: 'balance', width: 110 },
];

const ids = (state: ReturnType<typeof applyLayout>) => state.columns.map((column) => column.id);

describe('column layout', () => {
  it('lays the saved order, widths and hidden flags over the defaults; unknown columns are dropped, new ones come last', () => {
    const state = applyLayout(defaults, {
      columns: [
        { id: 'balance', width: 130, hidden: true },
        { id: 'gone', width: 50, hidden: false },
        { id: 'claimID', width: 95, hidden: false },
      ],
      frozen: 1,
    });
    expect(state).toEqual({
      columns: [
        { id: 'balance', width: 130, hidden: true },
        { id: 'claimID', width: 95, hidden: false },
        { id: 'patientName', width: 180, hidden: false },
      ],
      frozen: 1,
    });
    expect(ids(applyLayout(defaults, null))).toEqual(['claimID', 'patientName', 'balance']);
  });

  it('keeps widths in range and never restores a grid with every column hidden', () => {
    const state = applyLayout(defaults, {
      columns: [
        { id: 'claimID', width: 20, hidden: true },
        { id: 'patientName', width: 2000, hidden: true },
        { id: 'balance', width: 100, hidden: true },
      ],
      frozen: 0,
    });
    expect(state.columns.map((column) => column.width)).toEqual([40, 800, 100]);
    expect(shownColumns(state)).toHaveLength(3);
  });

  it('moves a column among the shown ones, skipping hidden columns, and stops at the edges', () => {
    let state = toggleColumn(applyLayout(defaults, null), 'patientName');
    state = moveColumn(state, 'balance', -1);
    expect(ids(state)).toEqual(['balance', 'claimID', 'patientName']);
    expect(moveColumn(state, 'balance', -1)).toBe(state);
  });

  it('refuses to hide the last shown column and keeps a frozen column shown', () => {
    let state = freezeColumns(applyLayout(defaults, null), 2);
    expect(state.frozen).toBe(2);
    state = toggleColumn(toggleColumn(state, 'claimID'), 'patientName');
    expect(shownColumns(state).map((column) => column.id)).toEqual(['balance']);
    expect(state.frozen).toBe(0);
    expect(toggleColumn(state, 'balance')).toBe(state);
  });

  it('saves every column in screen order with width, hidden flag and the frozen count', () => {
    const state = freezeColumns(moveColumn(applyLayout(defaults, null), 'balance', -2), 1);
    expect(layoutOf(state)).toEqual({
      columns: [
        { id: 'balance', width: 110, hidden: false },
        { id: 'claimID', width: 90, hidden: false },
        { id: 'patientName', width: 180, hidden: false },
      ],
      frozen: 1,
    });
  });
});
