import { describe, expect, it } from 'vitest';
import { filterShortcuts, keysText } from './shortcutFilter.ts';

const rows = [
  { title: 'Add note to claims…', group: 'Claims', binding: null },
  { title: 'Cancel bulk run', group: 'Bulk runs', binding: null },
  { title: 'Go to claims', group: 'Navigation', binding: 'g c' },
  { title: 'Go to denial management', group: 'Navigation', binding: 'g d' },
  { title: 'Reassign claims…', group: 'Work queue', binding: null },
  { title: 'Reassign payment batch…', group: 'Payments', binding: null },
  { title: 'Scrub claims', group: 'Claims', binding: 'Alt+s' },
  { title: 'Submit claims', group: 'Claims', binding: 'Alt+u' },
];
const titles = (query: string) => filterShortcuts(rows, query).map((row) => row.title);

describe('the filter over the shortcuts', () => {
  it('keeps every row when nothing is typed', () => {
    expect(titles('  ')).toHaveLength(rows.length);
  });

  it('narrows by the command’s name or group, every word typed, in any case', () => {
    expect(titles('reassign')).toEqual(['Reassign claims…', 'Reassign payment batch…']);
    expect(titles('CLAIMS reassign')).toEqual(['Reassign claims…']);
    expect(titles('navigation')).toEqual(['Go to claims', 'Go to denial management']);
    expect(titles('nothing like this')).toEqual([]);
  });

  it('narrows by the key as the row shows it, or as a binding is typed, the exact key first', () => {
    expect(titles('alt+s')).toEqual(['Scrub claims']);
    expect(titles('Alt+U')).toEqual(['Submit claims']);
    expect(titles('alt')).toEqual(['Scrub claims', 'Submit claims']);
    expect(titles('G then C')).toEqual(['Go to claims']);
    expect(titles('g c')[0]).toBe('Go to claims');
  });

  it('writes a key as the row shows it', () => {
    expect(keysText('g c')).toBe('G then C');
    expect(keysText('Alt+s')).toBe('Alt+S');
    expect(keysText(null)).toBe('no key');
  });
});
