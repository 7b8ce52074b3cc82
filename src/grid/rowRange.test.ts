import { describe, expect, it } from 'vitest';
import type { PageFetcher } from './pagedSource.ts';
import { fetchRowRange } from './rowRange.ts';

function numberedList(total: number) {
  const asked: number[] = [];
  const fetcher: PageFetcher<number> = (page, size) => {
    asked.push(page);
    const first = page * size;
    return Promise.resolve({
      total,
      rows: Array.from({ length: Math.max(0, Math.min(size, total - first)) }, (_, index) => first + index),
    });
  };
  return { fetcher, asked };
}

describe('fetchRowRange', () => {
  it('returns rows [from, to) in order across page edges, including rows the grid never loaded', async () => {
    const list = numberedList(2_000);
    const progress: number[] = [];
    const rows = await fetchRowRange(list.fetcher, 430, 1_270, {
      pageSize: 500,
      parallel: 3,
      onProgress: (done) => progress.push(done),
    });
    expect(rows).toEqual(Array.from({ length: 840 }, (_, index) => 430 + index));
    expect(list.asked.sort()).toEqual([0, 1, 2]);
    expect(progress.at(-1)).toBe(840);
  });

  it('stops at the end of a shorter list, and asks nothing for an empty range', async () => {
    const list = numberedList(120);
    expect(await fetchRowRange(list.fetcher, 100, 900, { pageSize: 500, parallel: 1 })).toEqual(
      Array.from({ length: 20 }, (_, index) => 100 + index),
    );
    expect(await fetchRowRange(list.fetcher, 50, 50, { pageSize: 500 })).toEqual([]);
    expect(list.asked).toEqual([0]);
  });

  it('does not ask the server for pages the grid already holds', async () => {
    const list = numberedList(5_000);
    const rows = await fetchRowRange(list.fetcher, 0, 1_000, {
      pageSize: 500,
      known: (index) => (index < 500 ? index : undefined),
    });
    expect(rows).toHaveLength(1_000);
    expect(list.asked).toEqual([1]);
  });
});
