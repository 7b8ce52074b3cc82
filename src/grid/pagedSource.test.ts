import { describe, expect, it, vi } from 'vitest';
import { PagedSource, type Page, type PageFetcher, type SourceChange } from './pagedSource.ts';

interface Pending {
  page: number;
  signal: AbortSignal;
  resolve: (page: Page<number>) => void;
  reject: (error: unknown) => void;
}

/** A fetcher whose replies the test releases by hand; rows are their own index. */
function controlledFetcher(total: number, pageSize: number) {
  const pending: Pending[] = [];
  const fetcher: PageFetcher<number> = (page, _size, signal) =>
    new Promise((resolve, reject) => pending.push({ page, signal, resolve, reject }));
  const answer = async (page: number, totalNow = total) => {
    const request = pending.find((entry) => entry.page === page && !entry.signal.aborted);
    if (!request) throw new Error(`page ${page} was not asked for`);
    pending.splice(pending.indexOf(request), 1);
    const first = page * pageSize;
    const rows = Array.from({ length: Math.max(0, Math.min(pageSize, totalNow - first)) }, (_, index) => first + index);
    request.resolve({ total: totalNow, rows });
    await Promise.resolve();
    await Promise.resolve();
  };
  return { fetcher, pending, answer };
}

function makeSource(pageSize = 100) {
  const changes: SourceChange[] = [];
  const source = new PagedSource<number>({ pageSize, marginPages: 1, keepPages: 1 });
  source.subscribe((change) => changes.push(change));
  return { source, changes };
}

describe('PagedSource', () => {
  it('asks for the first page, learns the total, then loads the margin', async () => {
    const { source, changes } = makeSource();
    const server = controlledFetcher(1_000, 100);
    source.reset(server.fetcher);
    expect(source.loadingPages()).toEqual([0]);
    await server.answer(0);
    expect(source.total).toBe(1_000);
    expect(changes).toEqual([
      { kind: 'total', total: 1_000 },
      { kind: 'rows', first: 0, count: 100 },
    ]);
    expect(source.loadingPages()).toEqual([1]);
    expect(source.rowAt(42)).toBe(42);
    expect(source.rowAt(142)).toBeUndefined();
  });

  it('loads only the pages in view plus the margin, and drops far pages', async () => {
    const { source } = makeSource();
    const server = controlledFetcher(10_000, 100);
    source.reset(server.fetcher);
    await server.answer(0);
    await server.answer(1);
    source.showRows(5_000, 30);
    expect(source.loadingPages()).toEqual([49, 50, 51]);
    expect(source.heldPages()).toEqual([]);
    await server.answer(50);
    expect(source.rowAt(5_010)).toBe(5_010);
    expect(source.rowAt(10)).toBeUndefined();
  });

  it('cancels loads that scrolled out of reach and ignores their late replies', async () => {
    const { source } = makeSource();
    const server = controlledFetcher(10_000, 100);
    source.reset(server.fetcher);
    await server.answer(0);
    source.showRows(3_000, 30);
    const stale = server.pending.find((entry) => entry.page === 30)!;
    source.showRows(8_000, 30);
    expect(stale.signal.aborted).toBe(true);
    stale.resolve({ total: 10_000, rows: [1, 2, 3] });
    await Promise.resolve();
    expect(source.heldPages()).not.toContain(30);
  });

  it('ignores replies of a query that was replaced', async () => {
    const { source, changes } = makeSource();
    const first = controlledFetcher(1_000, 100);
    source.reset(first.fetcher);
    const oldRequest = first.pending[0]!;
    const second = controlledFetcher(5, 100);
    source.reset(second.fetcher);
    expect(oldRequest.signal.aborted).toBe(true);
    oldRequest.resolve({ total: 1_000, rows: [7] });
    await Promise.resolve();
    expect(changes).toEqual([]);
    await second.answer(0);
    expect(source.total).toBe(5);
    expect(source.loadingPages()).toEqual([]);
  });

  it('reports a failed page and retries it only when the view moves', async () => {
    const { source, changes } = makeSource();
    const server = controlledFetcher(1_000, 100);
    source.reset(server.fetcher);
    await server.answer(0);
    server.pending.find((entry) => entry.page === 1)!.reject(new Error('down'));
    await Promise.resolve();
    expect(changes.at(-1)).toMatchObject({ kind: 'failed', pageIndex: 1 });
    source.showRows(0, 0);
    expect(source.loadingPages()).toEqual([]);
    source.showRows(10, 30);
    expect(source.loadingPages()).toEqual([1]);
  });

  it('reads the pages in view again on refetch, keeping the position and the total meanwhile', async () => {
    const { source } = makeSource();
    const { fetcher, pending, answer } = controlledFetcher(1_000, 100);
    source.reset(fetcher);
    source.showRows(420, 30);
    for (const page of [4, 3, 5]) await answer(page);
    expect(source.rowAt(430)).toBe(430);
    source.refetch();
    expect(source.rowAt(430)).toBeUndefined();
    expect(source.total).toBe(1_000);
    expect(
      pending
        .filter((request) => !request.signal.aborted)
        .map((request) => request.page)
        .sort(),
    ).toEqual([3, 4, 5]);
    await answer(4, 990);
    expect(source.rowAt(430)).toBe(430);
    expect(source.total).toBe(990);
  });

  it('stops everything in flight on cancelAll', () => {
    const { source } = makeSource();
    const fetcher = vi.fn<PageFetcher<number>>(() => new Promise(() => undefined));
    source.reset(fetcher);
    const [, size, signal] = fetcher.mock.calls[0]!;
    expect(size).toBe(100);
    source.cancelAll();
    expect(signal.aborted).toBe(true);
    expect(source.loadingPages()).toEqual([]);
  });
});

describe('PagedSource over a long list', () => {
  it('keeps at most a few loads in flight while the view jumps, the nearest page first', async () => {
    const { source } = makeSource();
    const server = controlledFetcher(1_000_000, 100);
    source.reset(server.fetcher);
    await server.answer(0);
    // A scrollbar drag: the view passes many far places before it settles.
    for (const first of [100_000, 250_000, 400_000, 720_000]) source.showRows(first, 30);
    expect(source.loadingPages()).toEqual([7199, 7200, 7201]);
    expect(
      server.pending
        .filter((entry) => !entry.signal.aborted)
        .map((entry) => entry.page)
        .sort((a, b) => a - b),
    ).toEqual([7199, 7200, 7201]);
  });

  it('holds a bounded number of pages however far the biller scrolls (memory stays flat)', async () => {
    const { source } = makeSource();
    const server = controlledFetcher(1_000_000, 100);
    source.reset(server.fetcher);
    await server.answer(0);
    let most = 0;
    for (let first = 0; first < 1_000_000; first += 7_919) {
      source.showRows(first, 40);
      for (const page of source.loadingPages()) await server.answer(page);
      most = Math.max(most, source.heldPages().length);
    }
    expect(most).toBeLessThanOrEqual(7);
    expect(source.rowAt(1_000_000 - 1)).toBeUndefined();
  });
});
