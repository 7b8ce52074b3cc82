import { describe, expect, it } from 'vitest';
import { allowedWhileTyping, keyIgnoreReason } from './keyFilter.ts';
import { reachableScopes } from './dispatcher.ts';
import { parseDollarsToCents, answerTyped } from './stepAnswers.ts';

describe('reachableScopes', () => {
  it('stops at the innermost dialog or palette, then adds global', () => {
    expect(reachableScopes([])).toEqual(['global']);
    expect(reachableScopes(['page', 'pane', 'grid'])).toEqual(['grid', 'pane', 'page', 'global']);
    expect(reachableScopes(['page', 'grid', 'dialog'])).toEqual(['dialog', 'global']);
    expect(reachableScopes(['page', 'dialog', 'palette'])).toEqual(['palette', 'global']);
  });
});

describe('keyIgnoreReason', () => {
  const key = {
    key: 'g',
    repeat: false,
    isComposing: false,
    defaultPrevented: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: null,
  };
  it('names why a key is left alone', () => {
    expect(keyIgnoreReason(key)).toBeNull();
    expect(keyIgnoreReason({ ...key, repeat: true })).toBe('held key repeat');
    expect(keyIgnoreReason({ ...key, isComposing: true })).toBe('IME composition in progress');
    expect(keyIgnoreReason({ ...key, defaultPrevented: true })).toBe('the focused element handled it');
  });

  it('lets Alt with Home or End through from a field, but not the Home and End a field moves with', () => {
    const end = { ...key, key: 'End' };
    expect(allowedWhileTyping({ ...end, altKey: true })).toBe(true);
    expect(allowedWhileTyping({ ...key, key: 'Home', altKey: true })).toBe(true);
    expect(allowedWhileTyping(end)).toBe(false);
    expect(allowedWhileTyping({ ...end, ctrlKey: true })).toBe(false);
    expect(allowedWhileTyping({ ...end, metaKey: true })).toBe(false);
    // AltGr is Ctrl+Alt; Alt with an arrow or Backspace is a word move or delete on a Mac.
    expect(allowedWhileTyping({ ...end, ctrlKey: true, altKey: true })).toBe(false);
    expect(allowedWhileTyping({ ...key, key: 'ArrowLeft', altKey: true })).toBe(false);
    expect(allowedWhileTyping({ ...key, key: 'Backspace', altKey: true })).toBe(false);
    expect(allowedWhileTyping({ ...key, key: 'k', ctrlKey: true })).toBe(true);
  });
});

describe('palette step answers', () => {
  it('turns dollars into integer cents', () => {
    expect(parseDollarsToCents('12.5')).toBe(1250);
    expect(parseDollarsToCents('$1,234.56')).toBe(123456);
    expect(parseDollarsToCents(' 7 ')).toBe(700);
    expect(parseDollarsToCents('0.10')).toBe(10);
    for (const bad of ['', '-5', '1.234', '12,34', 'abc', '1e3', '10000000'])
      expect(parseDollarsToCents(bad), bad).toBeNull();
  });

  it("refuses an amount or text the command cannot take, in the biller's words", () => {
    expect(answerTyped({ key: 'amount', kind: 'amount', title: 'Amount' }, '19.99')).toEqual({
      ok: true,
      value: 1999,
      shown: '$19.99',
    });
    expect(answerTyped({ key: 'amount', kind: 'amount', title: 'Amount' }, 'lots')).toEqual({
      ok: false,
      error: 'Type an amount in dollars, like 12.50.',
    });
    // A step without a rule takes an empty answer: the command applies its default.
    expect(answerTyped({ key: 'title', kind: 'text', title: 'Title' }, '  ')).toEqual({
      ok: true,
      value: '',
      shown: '—',
    });
    const claimId = {
      key: 'id',
      kind: 'text',
      title: 'Claim ID',
      validate: (value: string) => (/^\d+$/.test(value) ? null : 'Digits only.'),
    } as const;
    expect(answerTyped(claimId, '12a')).toEqual({ ok: false, error: 'Digits only.' });
  });
});
