import { useEffect, useState } from 'react';

/** While the next record loads, the last one stays on screen (dimmed) instead of flashing empty. */
export type Remote<T> =
  { state: 'idle' } | { state: 'loading'; stale: T | null } | { state: 'ready'; data: T } | { state: 'failed' };

/** Wait for the cursor to rest before loading: holding an arrow key must not fire a call per row. */
const SETTLE_MS = 120;

/**
 * Loads `load(key)` whenever `key` changes (null: nothing to show). The previous load is
 * cancelled, so a late reply for a claim the cursor has left never replaces the current one.
 */
export function useRemote<K extends string | number, T>(
  key: K | null,
  load: (key: K, signal: AbortSignal) => Promise<T>,
  settleMs = SETTLE_MS,
): Remote<T> {
  const [remote, setRemote] = useState<{ key: K | null; value: Remote<T> }>({ key: null, value: { state: 'idle' } });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      load(key, controller.signal).then(
        (data) => setRemote({ key, value: { state: 'ready', data } }),
        () => {
          if (!controller.signal.aborted) setRemote({ key, value: { state: 'failed' } });
        },
      );
    }, settleMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, load, settleMs]);

  if (key === null) return { state: 'idle' };
  if (remote.key === key) return remote.value;
  return { state: 'loading', stale: remote.value.state === 'ready' ? remote.value.data : null };
}
