import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDeadline } from './deadline.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('startDeadline', () => {
  it('aborts after the catalogue time-out and says so', () => {
    vi.useFakeTimers();
    const deadline = startDeadline(50_000);
    vi.advanceTimersByTime(49_999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.deadlineHit()).toBe(true);
    expect(deadline.callerCancelled()).toBe(false);
  });

  it('never aborts a call without a time-out', () => {
    vi.useFakeTimers();
    const deadline = startDeadline(null);
    vi.advanceTimersByTime(10 * 1_800_000);
    expect(deadline.signal.aborted).toBe(false);
  });

  it('follows the caller and stops the timer when done', () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    const deadline = startDeadline(1_000, caller.signal);
    caller.abort();
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.callerCancelled()).toBe(true);
    const finished = startDeadline(1_000);
    finished.done();
    vi.advanceTimersByTime(5_000);
    expect(finished.signal.aborted).toBe(false);
  });

  it('starts aborted when the caller already gave up', () => {
    const caller = new AbortController();
    caller.abort();
    expect(startDeadline(1_000, caller.signal).callerCancelled()).toBe(true);
  });
});
