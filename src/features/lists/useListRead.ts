import { useEffect, useState } from 'react';

export type ListRead<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/**
 * Reads a list screen's rows for `filter`, again whenever the filter or `revision` changes. A
 * reload of the same filter keeps the rows on screen until the new ones arrive, so the cursor and
 * the focus stay put; another filter starts from loading.
 */
export function useListRead<T>(
  filter: string,
  revision: number,
  read: (signal: AbortSignal) => Promise<T>,
): ListRead<T> {
  const [list, setList] = useState<{ key: string; value: ListRead<T> }>({ key: '', value: { state: 'loading' } });
  const key = `${filter}:${revision}`;
  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).then(
      (value) => setList({ key, value: { state: 'ready', value } }),
      () => !controller.signal.aborted && setList({ key, value: { state: 'failed' } }),
    );
    return () => controller.abort();
    // `read` is a new function each render; the filter and revision say when to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (list.key === key || (list.key.startsWith(`${filter}:`) && list.value.state === 'ready')) return list.value;
  return { state: 'loading' };
}
