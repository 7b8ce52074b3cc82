import { describe, expect, it } from 'vitest';
import { pdfLiteral, toWinAnsi, WIN_ANSI_CHARACTERS } from './winAnsi.ts';

describe('WinAnsi text', () => {
  it('keeps ASCII and Latin-1 letters as they are', () => {
    expect(toWinAnsi('SMITH, JANE')).toBe('SMITH, JANE');
    expect(toWinAnsi('JOSÉ MUÑOZ')).toBe('JOS\xc9 MU\xd1OZ');
  });

  it('writes the typographic characters WinAnsi has at 0x80-0x9F as their bytes', () => {
    expect(toWinAnsi('O’BRIEN – “JJ” €5 …')).toBe('O\x92BRIEN \x96 \x93JJ\x94 \x805 \x85');
  });

  it('falls back to the base letter, then to a question mark, and drops control characters', () => {
    expect(toWinAnsi('Erdős')).toBe('Erdos');
    expect(toWinAnsi('Łukasz 中')).toBe('?ukasz ?');
    expect(toWinAnsi('A\tB\u0007C')).toBe('A BC');
    // A decomposed é is written as the one byte.
    expect(toWinAnsi('Jose\u0301')).toBe('Jos\xe9');
  });

  it('maps every byte back to its character for measuring', () => {
    expect(WIN_ANSI_CHARACTERS[0x96]).toBe('–');
    expect(WIN_ANSI_CHARACTERS[0x41]).toBe('A');
    expect(WIN_ANSI_CHARACTERS[0xe9]).toBe('é');
    expect(WIN_ANSI_CHARACTERS[0x81]).toBe('');
  });

  it('escapes what would end a PDF string early', () => {
    expect(pdfLiteral('DOE (JR) \\ SR')).toBe('(DOE \\(JR\\) \\\\ SR)');
    expect(pdfLiteral('PLAIN')).toBe('(PLAIN)');
  });
});
