import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatInBackground } from './repeatInBackground.ts';

describe('work repeated in the background', () => {
  afterEach(() => vi.useRealTimers());

  it('runs once a tick, never twice at once, logs a failure and tries again, and stops', async () => {
    vi.useFakeTimers();
    const log = vi.fn();
    let finish: () => void = () => undefined;
    let runs = 0;
    const work = vi.fn(() => {
      runs += 1;
      if (runs === 2) return Promise.reject(new Error('database gone'));
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const stop = repeatInBackground(5, work, log);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).toHaveBeenCalledTimes(1);
    // Still running: the next tick is skipped.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith(new Error('database gone'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).toHaveBeenCalledTimes(3);
    stop();
    finish();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(work).toHaveBeenCalledTimes(3);
  });
});
