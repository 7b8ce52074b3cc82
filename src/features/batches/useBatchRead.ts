import { useEffect, useState } from 'react';
import { ApiError } from '../../api/apiError.ts';

export type BatchRead<T> =
  { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; value: T };

/**
 * Reads what a batch screen shows, again whenever `key` changes. A reload of the same record
 * (same `record`, another revision) keeps the rows on screen until the new ones arrive, so the
 * cursor and the focus stay put; another record starts from loading.
 */
export function useBatchRead<T>(
  record: string | null,
  revision: number,
  read: (signal: AbortSignal) => Promise<T>,
): BatchRead<T> {
  const [loaded, setLoaded] = useState<{ key: string; value: BatchRead<T> }>({ key: '', value: { state: 'loading' } });
  const key = `${record ?? ''}:${revision}`;
  useEffect(() => {
    if (record === null) return;
    const controller = new AbortController();
    read(controller.signal).then(
      (value) => setLoaded({ key, value: { state: 'ready', value } }),
      (thrown: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({
          key,
          value: thrown instanceof ApiError && thrown.status === 404 ? { state: 'missing' } : { state: 'failed' },
        });
      },
    );
    return () => controller.abort();
    // `read` is a new function each render; the record and revision say when to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (record === null) return { state: 'missing' };
  if (loaded.key === key || (loaded.key.startsWith(`${record}:`) && loaded.value.state === 'ready'))
    return loaded.value;
  return { state: 'loading' };
}
