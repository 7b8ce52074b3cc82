/**
 * Text for a PDF's standard fonts (Helvetica), which read their strings as WinAnsi bytes. jsPDF's
 * own text() writes a whole string as UTF-16 the moment one character falls outside Latin-1 (an
 * en dash, a curly quote), and the viewer then shows every letter of it spaced by a blank.
 */

/** The characters WinAnsi puts at 0x80-0x9F, where Latin-1 has control codes. */
const HIGH_CODES: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80],
  [0x201a, 0x82],
  [0x0192, 0x83],
  [0x201e, 0x84],
  [0x2026, 0x85],
  [0x2020, 0x86],
  [0x2021, 0x87],
  [0x02c6, 0x88],
  [0x2030, 0x89],
  [0x0160, 0x8a],
  [0x2039, 0x8b],
  [0x0152, 0x8c],
  [0x017d, 0x8e],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2022, 0x95],
  [0x2013, 0x96],
  [0x2014, 0x97],
  [0x02dc, 0x98],
  [0x2122, 0x99],
  [0x0161, 0x9a],
  [0x203a, 0x9b],
  [0x0153, 0x9c],
  [0x017e, 0x9e],
  [0x0178, 0x9f],
]);

/** The Unicode character of each WinAnsi byte, for measuring encoded text with Unicode metrics. */
export const WIN_ANSI_CHARACTERS: readonly string[] = Array.from({ length: 256 }, (_, byte) => {
  for (const [unicode, code] of HIGH_CODES) if (code === byte) return String.fromCharCode(unicode);
  return byte >= 0x20 && (byte < 0x7f || byte >= 0xa0) ? String.fromCharCode(byte) : '';
});

const PLAIN = /^[\x20-\x7e]*$/;

function byteOf(code: number): number | undefined {
  if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) return code;
  return HIGH_CODES.get(code);
}

/**
 * The text as WinAnsi bytes (one character a byte). Tabs become spaces and other control codes go;
 * a letter WinAnsi lacks is written as its base letter when it has one (ő becomes o), else as
 * '?' (Ł, 中). Line breaks are the caller's: it splits lines before.
 */
export function toWinAnsi(text: string): string {
  if (PLAIN.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x09) {
      out += ' ';
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    const byte = byteOf(code) ?? byteOf(char.normalize('NFD').codePointAt(0) ?? 0);
    out += byte === undefined ? '?' : String.fromCharCode(byte);
  }
  return out;
}

const ESCAPED = /[\\()]/;
const ESCAPED_ALL = /[\\()]/g;

/** WinAnsi text as a PDF literal string: its backslashes and parentheses escaped. */
export function pdfLiteral(winAnsi: string): string {
  return ESCAPED.test(winAnsi) ? `(${winAnsi.replace(ESCAPED_ALL, '\\$&')})` : `(${winAnsi})`;
}
