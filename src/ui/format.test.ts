import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange } from './format.ts';

describe('formatDate', () => {
  it('shows US dates whatever the time of day', () => {
    expect(formatDate('2026-01-31')).toBe('01/31/2026');
    expect(formatDate('2026-01-31T23:30:00Z')).toBe('01/31/2026');
  });

  it('leaves text that is not a date alone', () => {
    expect(formatDate('n/a')).toBe('n/a');
  });

  it('shows a range only when the ends differ', () => {
    expect(formatDateRange('2026-01-02', '2026-01-02')).toBe('01/02/2026');
    expect(formatDateRange('2026-01-02', '2026-01-05')).toBe('01/02/2026 – 01/05/2026');
  });
});
