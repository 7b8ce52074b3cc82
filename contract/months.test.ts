import { describe, expect, it } from 'vitest';
import { MONTH_NAMES, monthName } from './months.ts';

describe('monthName', () => {
  it('names the month and year of a day or a month', () => {
    expect(monthName('2026-10-15')).toBe('October 2026');
    expect(monthName('2026-01-01')).toBe('January 2026');
    expect(monthName('2025-12-31')).toBe('December 2025');
    expect(monthName('2026-02')).toBe('February 2026');
  });

  it('says every month as the calendar of en-US does', () => {
    for (let month = 1; month <= 12; month += 1) {
      const day = `2026-${String(month).padStart(2, '0')}-01`;
      const expected = new Date(`${day}T00:00:00Z`).toLocaleString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(monthName(day)).toBe(expected);
    }
    expect(MONTH_NAMES).toHaveLength(12);
  });
});
