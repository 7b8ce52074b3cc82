const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/**
 * An X12 decimal amount between `start` and `end` of `text` as integer cents, read digit by digit
 * so money never passes through a float. Null when empty, malformed or finer than a cent.
 */
export function parseCents(text: string, start: number, end: number): number | null {
  let at = start;
  let negative = false;
  if (at < end && text.charCodeAt(at) === MINUS) {
    negative = true;
    at++;
  }
  let whole = 0;
  let digits = 0;
  while (at < end) {
    const code = text.charCodeAt(at);
    if (code < ZERO || code > NINE) break;
    whole = whole * 10 + (code - ZERO);
    digits++;
    at++;
  }
  let fraction = 0;
  let decimals = 0;
  if (at < end && text.charCodeAt(at) === DOT) {
    at++;
    while (at < end) {
      const code = text.charCodeAt(at);
      if (code < ZERO || code > NINE) return null;
      if (code !== ZERO && decimals >= 2) return null;
      if (decimals < 2) fraction = fraction * 10 + (code - ZERO);
      decimals++;
      at++;
    }
  }
  if (at !== end || digits + decimals === 0) return null;
  if (decimals === 1) fraction *= 10;
  const cents = whole * 100 + (decimals === 0 ? 0 : fraction);
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}
