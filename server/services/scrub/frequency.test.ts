import { describe, expect, it } from 'vitest';
import { frequencyCodeRule, originalClaimNumberRule } from './frequency.ts';
import { aClaim, hitsOf } from './ruleTestKit.ts';

describe('claim frequency', () => {
  it('passes 1, 7 and 8 on a professional claim', () => {
    for (const frequencyCode of ['1', '7', '8'])
      expect(hitsOf(frequencyCodeRule, aClaim({ frequencyCode })), frequencyCode).toEqual([]);
  });
  it('fails an interim bill code on a professional claim', () => {
    expect(hitsOf(frequencyCodeRule, aClaim({ frequencyCode: '2' }))).toEqual([
      { field: 'frequencyCode', message: 'The claim frequency "2" is not valid on a professional claim.' },
    ]);
  });
});

describe('original claim number on replacement and void claims', () => {
  it('passes an original claim without one, and a replacement with one', () => {
    expect(hitsOf(originalClaimNumberRule, aClaim())).toEqual([]);
    expect(
      hitsOf(originalClaimNumberRule, aClaim({ frequencyCode: '7', originalClaimNumber: '2026061000123' })),
    ).toEqual([]);
  });
  it('fails a replacement or a void without one', () => {
    expect(hitsOf(originalClaimNumberRule, aClaim({ frequencyCode: '7' }))).toEqual([
      {
        field: 'originalClaimNumber',
        message: 'The claim is a replacement (frequency 7) but has no original claim number.',
      },
    ]);
    expect(hitsOf(originalClaimNumberRule, aClaim({ frequencyCode: '8', originalClaimNumber: ' ' }))[0]?.message).toBe(
      'The claim is a void (frequency 8) but has no original claim number.',
    );
  });
});
