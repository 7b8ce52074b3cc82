import { format } from '@formkit/tempo';
import { describe, expect, it } from 'vitest';
import { calendarDateWriter, formatDate, formatDateRange } from './format.ts';

/** Every day of 2019-2031 where the writer and tempo's own format disagree. */
function differencesFromTempo(dateFormat: string, locale: string, everyDays = 1): string[] {
  const write = calendarDateWriter(dateFormat, locale);
  const differing: string[] = [];
  for (let time = Date.UTC(2019, 0, 1); time < Date.UTC(2032, 0, 1); time += 86_400_000 * everyDays) {
    const day = new Date(time).toISOString().slice(0, 10);
    const expected = format(day, dateFormat, locale);
    if (write(day) !== expected) differing.push(`${day}: ${write(day)} against ${expected}`);
  }
  return differing;
}

describe('formatDate', () => {
  it('shows US dates whatever the time of day', () => {
    expect(formatDate('2026-01-31')).toBe('01/31/2026');
    expect(formatDate('2026-01-31T23:30:00Z')).toBe('01/31/2026');
  });

  it("writes every day of 2019-2031 as tempo's format does", () => {
    expect(differencesFromTempo('MM/DD/YYYY', 'en-US')).toEqual([]);
  });

  it('leaves text that is not a date alone', () => {
    expect(formatDate('n/a')).toBe('n/a');
  });

  it('shows a range only when the ends differ', () => {
    expect(formatDateRange('2026-01-02', '2026-01-02')).toBe('01/02/2026');
    expect(formatDateRange('2026-01-02', '2026-01-05')).toBe('01/02/2026 – 01/05/2026');
  });
});

describe('calendarDateWriter', () => {
  it("follows another numeric format's order and literals", () => {
    expect(calendarDateWriter('DD.MM.YYYY', 'de-DE')('2026-03-07')).toBe('07.03.2026');
    expect(differencesFromTempo('YYYY-MM-DD', 'en-US', 7)).toEqual([]);
  });

  it('leaves a format with names to tempo', () => {
    expect(calendarDateWriter('MMM D, YYYY', 'en-US')('2026-03-07')).toBe('Mar 7, 2026');
    expect(differencesFromTempo('ddd MMM D, YYYY', 'en-US', 11)).toEqual([]);
  });
});
