import { describe, expect, it } from 'vitest';
import { applyLayout, layoutOf } from './columnLayout.ts';

const defaults = [
  { id: 'claimID', width: 90 },
  { id: 'patientName', width: 180 },
];

describe('column layout', () => {
  it('lays saved widths over the defaults and ignores unknown columns', () => {
    const layout = { columns: [{ id: 'patientName', width: 240, hidden: false }, { id: 'gone', width: 50, hidden: false }], frozen: 0 };
    expect(applyLayout(defaults, layout)).toEqual({ claimID: 90, patientName: 240 });
    expect(applyLayout(defaults, null)).toEqual({ claimID: 90, patientName: 180 });
  });

  it('keeps widths in range', () => {
    const layout = { columns: [{ id: 'claimID', width: 20, hidden: false }, { id: 'patientName', width: 2000, hidden: false }], frozen: 0 };
    expect(applyLayout(defaults, layout)).toEqual({ claimID: 40, patientName: 800 });
  });

  it('saves every column in grid order', () => {
    expect(layoutOf(['claimID', 'patientName'], { claimID: 95.4, patientName: 200 })).toEqual({
      columns: [
        { id: 'claimID', width: 95, hidden: false },
        { id: 'patientName', width: 200, hidden: false },
      ],
      frozen: 0,
    });
  });
});
