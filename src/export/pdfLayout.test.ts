import { describe, expect, it } from 'vitest';
import { PageContent } from './pdfContent.ts';
import { capLines, fitColumnWidths, layOutTable, paginate, wrapLines } from './pdfLayout.ts';

/** Every character one point wide: widths in tests are character counts. */
const oneEach = (text: string) => text.length;

describe('column widths', () => {
  it('fills the page in proportion when the columns fit', () => {
    expect(fitColumnWidths([10, 30, 60], 200)).toEqual([20, 60, 120]);
  });

  it('keeps narrow columns and shares the rest among the wide ones when they do not fit', () => {
    const widths = fitColumnWidths([10, 20, 300, 100], 200);
    expect(widths.slice(0, 2)).toEqual([10, 20]);
    expect(widths[2]).toBeCloseTo(127.5);
    expect(widths[3]).toBeCloseTo(42.5);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(200);
  });

  it('shares the page evenly among empty columns', () => {
    expect(fitColumnWidths([0, 0], 100)).toEqual([50, 50]);
  });
});

describe('wrapping', () => {
  it('moves words to the next line, keeps the text own line breaks and cuts a word wider than the column', () => {
    expect(wrapLines('BLUE CROSS BLUE SHIELD', 11, oneEach)).toEqual(['BLUE CROSS', 'BLUE SHIELD']);
    expect(wrapLines('LEE,\nANN', 20, oneEach)).toEqual(['LEE,', 'ANN']);
    expect(wrapLines('ABCDEFGHIJ KL', 4, oneEach)).toEqual(['ABCD', 'EFGH', 'IJ', 'KL']);
    expect(wrapLines('', 4, oneEach)).toEqual(['']);
  });

  it('caps a cell at the lines a page holds, marking the cut', () => {
    expect(capLines(['a', 'b', 'c'], 2)).toEqual(['a', 'b...']);
    expect(capLines(['a', 'b'], 2)).toEqual(['a', 'b']);
  });
});

describe('pages', () => {
  it('starts a page when the next row does not fit, with less room on the first page', () => {
    expect(paginate([10, 10, 10, 10, 10, 10, 10], 25, 30)).toEqual([0, 2, 5]);
    expect(paginate([], 25, 30)).toEqual([0]);
  });

  it('puts a row taller than the room on a page of its own rather than looping', () => {
    expect(paginate([10, 50, 10], 30, 30)).toEqual([0, 1, 2]);
  });
});

describe('table layout', () => {
  const frame = { left: 10, width: 20, firstTop: 20, top: 10, bottom: 100, padding: 1, lineHeight: 10 };
  const metrics = { regular: oneEach, bold: oneEach };

  it('wraps only the cells that do not fit, gives their row the height of its tallest cell, and pages the rows', () => {
    const cells = [
      '1',
      'ANN',
      '2',
      'A LONG PAYER NAME THAT WRAPS',
      ...Array.from({ length: 16 }, (_, index) => (index % 2 === 0 ? String(index) : 'X')),
    ];
    const layout = layOutTable(['ID', 'NAME'], cells, metrics, frame);
    expect(layout.widths).toEqual([4, 16]);
    expect(layout.lefts[0]).toBe(10);
    expect(layout.wrapped.has(3)).toBe(true);
    expect([...layout.wrapped.keys()]).toEqual([3]);
    const lines = layout.wrapped.get(3)!;
    expect(lines).toEqual(['A LONG PAYER', 'NAME THAT', 'WRAPS']);
    expect(layout.rowHeights[0]).toBe(12);
    expect(layout.rowHeights[1]).toBe(lines.length * 10 + 2);
    expect(layout.headerHeight).toBe(12);
    // First page: 100 - 20 - 12 = 68 of room; the others 78.
    let used = 0;
    for (let row = 0; row < (layout.pageStarts[1] ?? 0); row += 1) used += layout.rowHeights[row]!;
    expect(used).toBeLessThanOrEqual(68);
    expect(layout.pageStarts.length).toBeGreaterThan(1);
  });
});

describe('page content', () => {
  it('places text by moves from the line before that land where each string belongs, without drift', () => {
    const content = new PageContent(600);
    content.beginText('F1', 6, [0, 0, 0]);
    const wanted: [number, number][] = [];
    for (let row = 0; row < 60; row += 1) for (const x of [28.123, 77.777, 301.005]) wanted.push([x, 40 + row * 10.9]);
    for (const [x, y] of wanted) content.text('A', x, y);
    content.endText();
    let x = 0;
    let y = 0;
    const moves = [...content.toString().matchAll(/(-?[\d.]+) (-?[\d.]+) Td/g)];
    expect(moves).toHaveLength(wanted.length);
    moves.forEach((move, index) => {
      x += Number(move[1]);
      y += Number(move[2]);
      expect(x).toBeCloseTo(wanted[index]![0], 2);
      expect(y).toBeCloseTo(600 - wanted[index]![1], 2);
    });
  });
});
