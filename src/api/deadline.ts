/**
 * One AbortSignal per call that fires on the catalogue's time-out or when the caller cancels,
 * and remembers which of the two it was (they read differently to the biller).
 * setTimeout is used on purpose: Playwright's fake clock drives it in the browser tests.
 */
export interface Deadline {
  readonly signal: AbortSignal;
  deadlineHit(): boolean;
  callerCancelled(): boolean;
  /** Stops the timer; call it once the reply is read. */
  done(): void;
}

export function startDeadline(timeoutMs: number | null, callerSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  let hit = false;
  let cancelled = false;
  const onCallerAbort = () => {
    cancelled = true;
    controller.abort();
  };
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          hit = true;
          controller.abort();
        }, timeoutMs);
  return {
    signal: controller.signal,
    deadlineHit: () => hit,
    callerCancelled: () => cancelled,
    done: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
