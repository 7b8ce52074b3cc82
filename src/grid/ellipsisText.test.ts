import { describe, expect, it } from 'vitest';
import { ELLIPSIS, fitWithEllipsis } from './ellipsisText.ts';

/** 7 px a character, the ellipsis too. */
const measure = (text: string) => text.length * 7;

describe('text cut to its cell', () => {
  it('ends in an ellipsis when it does not fit, as long as the cell allows', () => {
    expect(fitWithEllipsis('Lakeside Family Medicine', 140, measure)).toBe(`Lakeside Family Med${ELLIPSIS}`);
    expect(measure(fitWithEllipsis('Lakeside Family Medicine', 140, measure))).toBeLessThanOrEqual(140);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(fitWithEllipsis('Blue Cross Blue Shield of Texas', 77, measure)).toBe(`Blue Cross${ELLIPSIS}`);
  });

  it('leaves text that fits alone, and shows nothing where not even the ellipsis fits', () => {
    expect(fitWithEllipsis('Paid', 140, measure)).toBe('Paid');
    expect(fitWithEllipsis('Lakeside', 56, measure)).toBe('Lakeside');
    expect(fitWithEllipsis('Lakeside', 5, measure)).toBe('');
  });
});
