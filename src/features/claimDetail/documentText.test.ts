import { describe, expect, it } from 'vitest';
import { parseTags, sizeText, tagsProblem } from './documentText.ts';

describe('claim documents as the biller reads them', () => {
  it('gives a size in B, KB or MB', () => {
    expect(sizeText(800)).toBe('800 B');
    expect(sizeText(300_000)).toBe('293 KB');
    expect(sizeText(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('reads typed tags as a distinct, trimmed list, and an empty answer as no tags', () => {
    expect(parseTags(' eob, march ,eob,, ')).toEqual(['eob', 'march']);
    expect(parseTags('')).toEqual([]);
  });

  it('refuses more than 20 tags or a tag over 40 characters, as the server would', () => {
    expect(tagsProblem('a, b')).toBeNull();
    expect(tagsProblem(Array.from({ length: 21 }, (_, index) => `t${index}`).join(','))).toBe('At most 20 tags.');
    expect(tagsProblem('x'.repeat(41))).toMatch(/^A tag is at most 40 characters/);
  });
});
