import type { PageFetcher } from './pagedSource.ts';

export interface RowRangeOptions<Row> {
  /** Rows per request: the server's largest page, so a long range takes few calls. */
  pageSize: number;
  signal?: AbortSignal;
  /** Requests in flight at once: the next page travels while the last one is parsed. */
  parallel?: number;
  /** Rows the grid already holds; a page whose rows are all known is not asked for again. */
  known?: (index: number) => Row | undefined;
  /** Called after each page with rows fetched so far and rows wanted. */
  onProgress?: (done: number, wanted: number) => void;
}

/**
 * Rows [from, to) of a paged list, in order, including rows the grid never loaded: what copying
 * a selection and exporting "all matching" need. Stops at the list's end if it is shorter.
 */
export async function fetchRowRange<Row>(
  fetcher: PageFetcher<Row>,
  from: number,
  to: number,
  options: RowRangeOptions<Row>,
): Promise<Row[]> {
  const { pageSize, known } = options;
  const signal = options.signal ?? new AbortController().signal;
  const firstPage = Math.floor(from / pageSize);
  let end = to;
  const lastPage = () => Math.floor((Math.max(from, end) - 1) / pageSize);
  const pages = new Map<number, readonly Row[]>();
  let next = firstPage;
  let done = 0;
  const wanted = Math.max(0, to - from);

  const fromGrid = (page: number): Row[] | null => {
    if (!known) return null;
    const rows: Row[] = [];
    for (let index = Math.max(from, page * pageSize); index < Math.min(to, (page + 1) * pageSize); index += 1) {
      const row = known(index);
      if (row === undefined) return null;
      rows.push(row);
    }
    return rows;
  };

  const worker = async () => {
    while (next <= lastPage()) {
      const page = next;
      next += 1;
      const held = fromGrid(page);
      if (held) {
        pages.set(page, held);
      } else {
        const reply = await fetcher(page, pageSize, signal);
        end = Math.min(end, reply.total);
        const start = Math.max(from, page * pageSize) - page * pageSize;
        pages.set(page, reply.rows.slice(start, Math.min(to, (page + 1) * pageSize) - page * pageSize));
      }
      done += pages.get(page)?.length ?? 0;
      options.onProgress?.(Math.min(done, wanted), wanted);
    }
  };
  if (wanted > 0) await Promise.all(Array.from({ length: Math.max(1, options.parallel ?? 2) }, worker));
  const rows: Row[] = [];
  for (let page = firstPage; page <= lastPage(); page += 1) rows.push(...(pages.get(page) ?? []));
  return rows;
}
