import { describe, expect, it } from 'vitest';
import { detailWaitsForDismiss, toastLifetimeMs } from './toastLifetime.ts';

describe('toastLifetimeMs (SPEC points 4 and 9)', () => {
  it('closes success after 3 s, warning and info after 6 s', () => {
    expect(toastLifetimeMs('success', false)).toBe(3000);
    expect(toastLifetimeMs('warning', false)).toBe(6000);
    expect(toastLifetimeMs('info', false)).toBe(6000);
  });

  it('keeps an error until it is closed', () => {
    expect(toastLifetimeMs('error', false)).toBe(Infinity);
  });

  it('keeps a warning, information or error with detail until Dismiss', () => {
    for (const type of ['warning', 'info', 'error'] as const) {
      expect(toastLifetimeMs(type, true)).toBe(Infinity);
      expect(detailWaitsForDismiss(type)).toBe(true);
    }
  });

  it('closes a success with a detail after its 3 s: the detail is a second line, not a reason to stay', () => {
    expect(toastLifetimeMs('success', true)).toBe(3000);
    expect(detailWaitsForDismiss('success')).toBe(false);
  });
});
