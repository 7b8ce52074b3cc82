import { describe, expect, it } from 'vitest';
import { parseCents } from './parseCents.ts';
import { parseDate } from './parseDate.ts';
import { tokenize } from './tokenize.ts';

const ISA =
  'ISA*00*          *00*          *ZZ*A              *ZZ*B              *240102*0930*^*00501*000000001*0*T*:~';

function segment(text: string) {
  const read = tokenize(`${ISA}${text}~`).table.at(1);
  if (read === undefined) throw new Error('no segment');
  return read;
}

describe('a segment read from text', () => {
  it('gives elements, components and repetitions by X12 position', () => {
    const svc = segment('SVC*HC:99213:25::59*116.75**^A^B*');
    expect(svc.id).toBe('SVC');
    expect(svc.count).toBe(5);
    expect(svc.elements()).toEqual(['SVC', 'HC:99213:25::59', '116.75', '', '^A^B', '']);
    expect([svc.element(0), svc.element(2), svc.element(3), svc.element(9), svc.element(-1)]).toEqual([
      'SVC',
      '116.75',
      '',
      '',
      '',
    ]);
    expect([1, 2, 3, 4, 5, 6].map((index) => svc.component(1, index))).toEqual(['HC', '99213', '25', '', '59', '']);
    expect(svc.component(2, 1)).toBe('116.75');
    expect(svc.component(2, 2)).toBe('');
    expect(svc.components(1)).toEqual(['HC', '99213', '25', '', '59']);
    expect(svc.repetitions(4)).toEqual(['', 'A', 'B']);
    expect(svc.components(3)).toEqual([]);
  });

  it('compares and reads amounts without cutting strings', () => {
    const clp = segment('CLP*A1*1*350.25*240.5*-35**12.000*1.005*x');
    expect([clp.is(1, 'A1'), clp.is(1, 'A'), clp.is(6, ''), clp.is(20, ''), clp.is(20, 'X')]).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
    expect([3, 4, 5, 6, 7, 8, 9, 20].map((index) => clp.cents(index))).toEqual([
      35025,
      24050,
      -3500,
      null,
      1200,
      null,
      null,
      null,
    ]);
  });

  it('parses amounts to cents exactly', () => {
    const cents = (value: string) => parseCents(value, 0, value.length);
    expect(['0', '100', '100.5', '100.25', '.5', '-0.01', '19.99', '1.10'].map(cents)).toEqual([
      0, 10000, 10050, 10025, 50, -1, 1999, 110,
    ]);
    expect(['', '-', '1.2.3', '1e3', '12a', ' 1'].map(cents)).toEqual([null, null, null, null, null, null]);
  });

  it('reads CCYYMMDD dates as calendar dates only', () => {
    const date = (value: string) => parseDate(value, 0, value.length);
    expect(['20240102', '20240229', '20001231', '19990101'].map(date)).toEqual([
      '2024-01-02',
      '2024-02-29',
      '2000-12-31',
      '1999-01-01',
    ]);
    expect(
      ['20230229', '19000229', '20241301', '20240100', '20240431', '2024010', '202401021', '2024-1-2', ''].map(date),
    ).toEqual(Array(9).fill(null));
    const dtm = segment('DTM*472*20240315*X*2024031');
    expect([dtm.date(2), dtm.date(3), dtm.date(4), dtm.date(9)]).toEqual(['2024-03-15', null, null, null]);
  });
});
