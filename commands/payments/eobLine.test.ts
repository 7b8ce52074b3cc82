import { describe, expect, it } from 'vitest';
import { eobLineText, parseEobLine } from './eobLine.ts';

const line = { charge: 15_000, balance: 15_000 };

describe('a paper EOB line typed in the palette', () => {
  it('is skipped when left empty', () => {
    expect(parseEobLine('  ', line)).toBeNull();
  });

  it('writes the rest of the charge off as CO-45 when the allowed amount is below it', () => {
    expect(parseEobLine('80 100 PR-1 20', line)).toEqual({
      paid: 8_000,
      allowed: 10_000,
      adjustments: [
        { group: 'CO', reason: '45', amount: 5_000 },
        { group: 'PR', reason: '1', amount: 2_000 },
      ],
    });
  });

  it('keeps the CO adjustments typed instead of adding one', () => {
    expect(parseEobLine('$80.00 100.00 co-253:2 CO-45 48', line)).toEqual({
      paid: 8_000,
      allowed: 10_000,
      adjustments: [
        { group: 'CO', reason: '253', amount: 200 },
        { group: 'CO', reason: '45', amount: 4_800 },
      ],
    });
  });

  it('takes a payment alone, or a denial with nothing paid', () => {
    expect(parseEobLine('150', line)).toEqual({ paid: 15_000, allowed: null, adjustments: [] });
    expect(parseEobLine('0 CO-50 150', line)).toEqual({
      paid: 0,
      allowed: null,
      adjustments: [{ group: 'CO', reason: '50', amount: 15_000 }],
    });
  });

  it('refuses what cannot be right, saying why', () => {
    expect(parseEobLine('lots', line)).toBe('Start with the amount paid, like 80.00 (0 when nothing was paid).');
    expect(parseEobLine('80 XX-1 20', line)).toContain('"XX-1" is not an adjustment');
    expect(parseEobLine('80 PR-1', line)).toBe('Give the amount of PR-1, like PR-1 20.00.');
    expect(parseEobLine('80 60', line)).toBe('The allowed amount $60.00 is less than the $80.00 paid.');
    expect(parseEobLine('80 200', line)).toBe('The allowed amount $200.00 is more than the $150.00 charged.');
    expect(parseEobLine('80 100 PR-1 20', { charge: 15_000, balance: 10_000 })).toBe(
      'Paid and adjusted come to $150.00, more than the $100.00 the line owes.',
    );
    expect(parseEobLine('0', line)).toBe('Nothing paid or adjusted: leave the answer empty to skip the line.');
  });

  it('reads back in words', () => {
    expect(
      eobLineText({ paid: 8_000, allowed: 10_000, adjustments: [{ group: 'CO', reason: '45', amount: 5_000 }] }),
    ).toBe('paid $80.00 · CO-45 $50.00');
  });
});
