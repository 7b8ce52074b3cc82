import { describe, expect, it } from 'vitest';
import { addMonths, dateToDay, dayToDate } from './dates.ts';
import { Random } from './random.ts';

describe('Random', () => {
  it('repeats its sequence for a seed and differs between seeds and forks', () => {
    const draw = (random: Random): number[] => Array.from({ length: 8 }, () => random.nextUint32());
    expect(draw(new Random(42))).toEqual(draw(new Random(42)));
    expect(draw(new Random(42))).not.toEqual(draw(new Random(43)));
    expect(draw(new Random(42).fork('claims'))).toEqual(draw(new Random(42).fork('claims')));
    expect(draw(new Random(42).fork('claims'))).not.toEqual(draw(new Random(42).fork('patients')));
  });

  it('keeps int, pick, weighted and dateBetween in range', () => {
    const random = new Random(1);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 5_000; i += 1) {
      const value = random.int(-3, 3);
      expect(value).toBeGreaterThanOrEqual(-3);
      expect(value).toBeLessThanOrEqual(3);
      expect(['x', 'y']).toContain(random.pick(['x', 'y']));
      counts[
        random.weighted([
          { value: 'a' as const, weight: 9 },
          { value: 'b' as const, weight: 1 },
        ])
      ] += 1;
      const date = random.dateBetween('2026-02-27', '2026-03-02');
      expect(date >= '2026-02-27' && date <= '2026-03-02').toBe(true);
    }
    expect(counts.a).toBeGreaterThan(counts.b * 6);
    expect(() => random.pick([])).toThrow(RangeError);
    expect(random.sample([1, 2, 3, 4], 3).sort()).toHaveLength(3);
  });
});

describe('dates', () => {
  it('converts days and months exactly', () => {
    expect(dayToDate(dateToDay('2026-10-01'))).toBe('2026-10-01');
    expect(dayToDate(addMonths(dateToDay('2026-03-31'), -1))).toBe('2026-02-28');
    expect(dayToDate(addMonths(dateToDay('2026-11-22'), -14))).toBe('2025-09-22');
  });
});
