import { describe, expect, it } from 'vitest';
import { pageCount, pageOfRow, pagesToDrop, wantedPages } from './pageMath.ts';

describe('page maths', () => {
  it('finds the page of a row and the number of pages', () => {
    expect(pageOfRow(0, 100)).toBe(0);
    expect(pageOfRow(99, 100)).toBe(0);
    expect(pageOfRow(100, 100)).toBe(1);
    expect(pageCount(0, 100)).toBe(0);
    expect(pageCount(1, 100)).toBe(1);
    expect(pageCount(300, 100)).toBe(3);
    expect(pageCount(301, 100)).toBe(4);
  });

  it('wants the visible pages plus the margin, within the table', () => {
    expect(wantedPages(250, 30, 100, 1, 10_000)).toEqual([1, 2, 3]);
    expect(wantedPages(290, 30, 100, 1, 10_000)).toEqual([1, 2, 3, 4]);
    expect(wantedPages(0, 30, 100, 1, 10_000)).toEqual([0, 1]);
    expect(wantedPages(9_990, 30, 100, 1, 10_000)).toEqual([98, 99]);
  });

  it('wants only the first page while the total is unknown, and nothing of an empty table', () => {
    expect(wantedPages(0, 0, 100, 1, null)).toEqual([0]);
    expect(wantedPages(0, 30, 100, 1, 0)).toEqual([]);
  });

  it('drops pages beyond the kept distance', () => {
    expect(pagesToDrop([0, 2, 3, 5, 8, 9], [5, 6], 2)).toEqual([0, 2, 9]);
    expect(pagesToDrop([0, 1], [], 2)).toEqual([0, 1]);
  });
});
