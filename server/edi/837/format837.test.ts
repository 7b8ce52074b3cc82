import { describe, expect, it } from 'vitest';
import { facilityTypeCode, filingIndicator, isInpatient, responsibility } from './codes837.ts';
import { date8, money, ndc11, period, quantity, stamp, text } from './format837.ts';

describe('837 values', () => {
  it('writes money from cents without floats or trailing zeros', () => {
    expect([0, 7, 10, 99, 100, 10000, 10050, 10025, 123456789, -550, -5].map(money)).toEqual([
      '0',
      '0.07',
      '0.1',
      '0.99',
      '1',
      '100',
      '100.5',
      '100.25',
      '1234567.89',
      '-5.5',
      '-0.05',
    ]);
  });

  it('writes quantities, dates and periods', () => {
    expect([1, 2.5, 0.125, 1 / 3, 12].map(quantity)).toEqual(['1', '2.5', '0.125', '0.333', '12']);
    expect(date8('2026-02-10')).toBe('20260210');
    expect(period('2026-02-10', '2026-02-10')).toEqual(['D8', '20260210']);
    expect(period('2026-02-10', '2026-02-12')).toEqual(['RD8', '20260210-20260212']);
    expect(stamp(new Date('2026-12-31T23:59:59Z'))).toEqual({ ccyymmdd: '20261231', yymmdd: '261231', hhmm: '2359' });
  });

  it('turns any NDC into the 11-digit 5-4-2 form', () => {
    expect(['0641-0367-21', '12345-678-90', '12345-6789-0', '00641036721', ' 00641-0367-21 '].map(ndc11)).toEqual([
      '00641036721',
      '12345067890',
      '12345678900',
      '00641036721',
      '00641036721',
    ]);
  });

  it('cleans free text', () => {
    expect(text('  Ben   kildare\tservice ', 60)).toBe('BEN KILDARE SERVICE');
    expect(text('x'.repeat(70), 60)).toHaveLength(60);
    expect(text(null, 60)).toBe('');
  });

  it('maps codes', () => {
    expect([1, 2, 3].map((priority) => responsibility(priority as 1 | 2 | 3))).toEqual(['P', 'S', 'T']);
    expect([
      filingIndicator('medicare', 'P'),
      filingIndicator('medicare', 'I'),
      filingIndicator('bcbs', 'P'),
      filingIndicator('workers_comp', 'I'),
    ]).toEqual(['MB', 'MA', 'BL', 'WC']);
    expect(['131', '0111', '13'].map(facilityTypeCode)).toEqual(['13', '11', '13']);
    expect(['11', '12', '21', '13', '14', '83'].map(isInpatient)).toEqual([true, true, true, false, false, false]);
  });
});
