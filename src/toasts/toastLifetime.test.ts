import { describe, expect, it } from 'vitest';
import { toastLifetimeMs } from './toastLifetime.ts';

describe('toastLifetimeMs (SPEC points 4 and 9)', () => {
  it('closes success after 3 s, warning and info after 6 s', () => {
    expect(toastLifetimeMs('success', false)).toBe(3000);
    expect(toastLifetimeMs('warning', false)).toBe(6000);
    expect(toastLifetimeMs('info', false)).toBe(6000);
  });

  it('keeps an error until it is closed', () => {
    expect(toastLifetimeMs('error', false)).toBe(Infinity);
  });

  it('keeps any toast with detail until Dismiss, a success too', () => {
    for (const type of ['success', 'warning', 'info', 'error'] as const)
      expect(toastLifetimeMs(type, true)).toBe(Infinity);
  });
});
