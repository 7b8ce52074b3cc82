import { describe, expect, it } from 'vitest';
import { isSessionExpired } from './sessionExpiry.ts';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('isSessionExpired (SPEC point 4)', () => {
  it('ends a session whose expireDate is missing, invalid or past', () => {
    expect(isSessionExpired(undefined, now)).toBe(true);
    expect(isSessionExpired(null, now)).toBe(true);
    expect(isSessionExpired('', now)).toBe(true);
    expect(isSessionExpired('tomorrow', now)).toBe(true);
    expect(isSessionExpired('2026-11-22T11:59:59Z', now)).toBe(true);
    expect(isSessionExpired('2026-11-22T12:00:00Z', now)).toBe(true);
  });

  it('keeps a session that ends later', () => {
    expect(isSessionExpired('2026-11-22T12:00:01Z', now)).toBe(false);
  });
});
