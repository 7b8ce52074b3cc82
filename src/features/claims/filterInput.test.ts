import { describe, expect, it } from 'vitest';
import {
  centsValue,
  dateValue,
  optionalAmountProblem,
  optionalDateProblem,
  parseBillerDate,
  rangeProblem,
} from './filterInput.ts';

describe('typed filter values', () => {
  it('reads US and ISO dates, and refuses dates that do not exist', () => {
    expect(parseBillerDate('1/31/2026')).toBe('2026-01-31');
    expect(parseBillerDate(' 2026-02-28 ')).toBe('2026-02-28');
    expect(parseBillerDate('02/30/2026')).toBeNull();
    expect(parseBillerDate('2026-13-01')).toBeNull();
    expect(parseBillerDate('yesterday')).toBeNull();
  });

  it('lets a range end stay empty, and says how to type the rest', () => {
    expect(optionalDateProblem('')).toBeNull();
    expect(optionalDateProblem('31/01/2026')).toBe('Type a date like 01/31/2026, or leave it empty.');
    expect(optionalAmountProblem(' ')).toBeNull();
    expect(optionalAmountProblem('$1,250.5')).toBeNull();
    expect(optionalAmountProblem('lots')).toBe('Type an amount in dollars, like 12.50, or leave it empty.');
    expect(dateValue('')).toBeUndefined();
    expect(centsValue('$1,250.5')).toBe(125_050);
  });

  it('refuses a range with no end or backwards', () => {
    expect(rangeProblem(undefined, undefined)).toBe('Give at least one end of the range.');
    expect(rangeProblem('2026-02-01', '2026-01-01')).toBe('The range ends before it starts.');
    expect(rangeProblem(500, 100)).toBe('The range ends before it starts.');
    expect(rangeProblem(undefined, '2026-01-01')).toBeNull();
  });
});
