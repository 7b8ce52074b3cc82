import { describe, expect, it } from 'vitest';
import { formatCents } from './money.ts';

describe('formatCents', () => {
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it('prints en-US USD with thousands separators, two decimals and a leading minus', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-1250)).toBe('-$12.50');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-100000000)).toBe('-$1,000,000.00');
  });

  it('agrees with Intl.NumberFormat on every magnitude up to a trillion dollars', () => {
    for (let digits = 1; digits <= 14; digits += 1) {
      for (const lead of [1, 4, 9]) {
        const amount = Number(`${lead}${'7'.repeat(digits - 1)}`);
        for (const value of [amount, -amount]) expect(formatCents(value), String(value)).toBe(usd.format(value / 100));
      }
    }
  });
});
