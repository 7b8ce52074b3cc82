import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/apiError.ts';
import { inlineMessageOf, passwordsMismatch } from './formMessages.ts';

describe('form messages', () => {
  it('prefers the server wording, then the catalogue wording', () => {
    expect(inlineMessageOf(ApiError.fromStatus(400, 'The password needs a digit.'))).toBe(
      'The password needs a digit.',
    );
    expect(inlineMessageOf(ApiError.fromCode('connection'))).toBe('Server not available.');
    expect(inlineMessageOf(new Error('bug'))).toBe('Something went wrong');
  });

  it('catches two different new passwords', () => {
    expect(passwordsMismatch('Same-Password-1', 'Same-Password-1')).toBeNull();
    expect(passwordsMismatch('Same-Password-1', 'Other-Password-1')).toMatch(/not the same/);
  });
});
