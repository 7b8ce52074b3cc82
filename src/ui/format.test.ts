import { format } from '@formkit/tempo';
import { describe, expect, it } from 'vitest';
import { calendarDateWriter, formatDate, formatDateRange, localToday, parseUsDate, withUsDates } from './format.ts';

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

describe('parseUsDate', () => {
  const today = '2026-11-27';

  it('reads the US dates a biller types, to YYYY-MM-DD', () => {
    for (const typed of ['11/03/2026', '11/3/2026', ' 11-3-2026 ', '11.03.2026', '11032026', '11/3/26', '2026-11-03'])
      expect(parseUsDate(typed, today)).toBe('2026-11-03');
  });

  it('puts a two-digit year in this century up to ten years ahead, else in the last one', () => {
    expect(parseUsDate('1/2/36', today)).toBe('2036-01-02');
    expect(parseUsDate('1/2/37', today)).toBe('1937-01-02');
    expect(parseUsDate('7/23/74', today)).toBe('1974-07-23');
  });

  it('refuses what is not a day', () => {
    for (const typed of ['02/30/2026', '13/01/2026', '2026-02-30', '3 Nov 2026', '', '11/3', '110326'])
      expect(parseUsDate(typed, today)).toBeNull();
  });

  it('writes back what it read as the biller reads it', () => {
    expect(formatDate(parseUsDate('2/7/2026', today) ?? '')).toBe('02/07/2026');
  });
});

describe('localToday', () => {
  it('is the day on the local calendar', () => {
    expect(localToday(new Date(2026, 10, 27, 23, 30))).toBe('2026-11-27');
    expect(localToday(new Date(2026, 0, 5, 0, 5))).toBe('2026-01-05');
  });
});

describe('withUsDates', () => {
  it('writes the dates inside a server text as MM/DD/YYYY and leaves the rest alone', () => {
    expect(withUsDates('Account LMB000040 · DOB 2004-08-31 · Capital Orthopaedic')).toBe(
      'Account LMB000040 · DOB 08/31/2004 · Capital Orthopaedic',
    );
    expect(withUsDates('Claim 12 · 837P_60054_000000004')).toBe('Claim 12 · 837P_60054_000000004');
  });
});
