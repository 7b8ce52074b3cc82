import { describe, expect, it } from 'vitest';
import { chooseCorner, stackBox } from './toastPlacement.ts';

const viewport = { width: 1400, height: 860 };
const stack = { width: 360, height: 150 };
/** A claims-list row across the whole list, at `top`. */
const row = (top: number) => ({ left: 224, top, right: 1388, bottom: top + 26 });
const bulkPanel = { left: 868, top: 760, right: 1388, bottom: 848 };

describe('where the toasts stand', () => {
  it('sit in the bottom-left corner, a column of toasts above the window’s foot', () => {
    expect(stackBox('bottom-left', stack, viewport)).toEqual({ left: 16, top: 694, right: 376, bottom: 844 });
    expect(chooseCorner(stack, viewport, [])).toBe('bottom-left');
  });

  it('stay there while the cursor row and the bulk progress panel are clear of them', () => {
    expect(chooseCorner(stack, viewport, [row(160), bulkPanel])).toBe('bottom-left');
  });

  it('move to the top-left corner while the row the biller works on is under them', () => {
    expect(chooseCorner(stack, viewport, [row(760)])).toBe('top-left');
  });

  it('keep clear of the bulk progress panel on a narrow window', () => {
    const narrow = { width: 760, height: 860 };
    const panel = { left: 12, top: 760, right: 748, bottom: 848 };
    expect(chooseCorner(stack, narrow, [panel])).toBe('top-left');
  });

  it('stay in their corner when no place is clear of everything', () => {
    expect(chooseCorner(stack, viewport, [row(760), row(40)])).toBe('bottom-left');
  });
});
