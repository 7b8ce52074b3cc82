import { describe, expect, it } from 'vitest';
import { INACTIVITY_CHECK_EVERY_MS, INACTIVITY_LIMIT_MS, isInactive } from './inactivity.ts';

describe('isInactive (SPEC point 9)', () => {
  it('is 30 minutes, looked at every minute', () => {
    expect(INACTIVITY_LIMIT_MS).toBe(1_800_000);
    expect(INACTIVITY_CHECK_EVERY_MS).toBe(60_000);
  });

  it('turns true at 30 minutes without activity', () => {
    expect(isInactive(0, 1_799_999)).toBe(false);
    expect(isInactive(0, 1_800_000)).toBe(true);
    expect(isInactive(1_000, 31 * 60_000 + 1_000)).toBe(true);
  });
});
