import { describe, expect, it } from 'vitest';
import { fuzzyScore, prepareText } from './fuzzyScore.ts';

const score = (title: string, query: string, keywords: string[] = []) =>
  fuzzyScore(prepareText(title, keywords), query);

describe('fuzzyScore', () => {
  it('is 0 unless every letter appears in order', () => {
    expect(score('Go to claims', 'zz')).toBe(0);
    expect(score('Go to claims', 'smialc')).toBe(0);
    expect(score('Go', 'gone')).toBe(0);
  });

  it('scores the whole text typed as 1, and an empty query as 1', () => {
    expect(score('Export', 'export')).toBe(1);
    expect(score('Export', 'EXPORT')).toBe(1);
    expect(score('Export', '')).toBe(1);
  });

  it('ranks a prefix over word starts over letters picked from inside words', () => {
    const prefix = score('Era search', 'era');
    const wordStart = score('Go to ERA', 'era');
    const inside = score('Open the command palette reader', 'era');
    expect(prefix).toBeGreaterThan(wordStart);
    expect(wordStart).toBeGreaterThan(inside);
    expect(inside).toBeGreaterThan(0);
  });

  it('finds the best placement, not the first one', () => {
    // The first 'c' is inside "acknowledge"; the word start "Claims" must win.
    expect(score('Go to acknowledge claims', 'gtc')).toBeCloseTo(score('Go to claims', 'gtc'), 1);
    expect(score('Go to acknowledge claims', 'gtc')).toBeGreaterThan(0.5);
  });

  it('matches keywords as well as the title', () => {
    expect(score('Export claims', 'spreadsheet', ['csv', 'spreadsheet'])).toBeGreaterThan(0.5);
  });

  it('handles texts longer than its reused buffers', () => {
    const long = `${'x'.repeat(600)} claims`;
    expect(score(long, 'claims')).toBeGreaterThan(0);
    expect(score('claims', 'claims')).toBe(1);
  });
});
