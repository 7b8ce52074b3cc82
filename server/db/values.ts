/**
 * Both engines hand back 64-bit integers differently (PGlite: number or BigInt, pg: string) and
 * dates as Date objects in the server's zone. The connection normalises them to one shape: int8 as
 * a number (exact below 2^53, i.e. ninety trillion dollars in cents) and `date` as 'YYYY-MM-DD'.
 */
export const PG_TYPE = { INT8: 20, DATE: 1082 } as const;

export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`64-bit value out of safe range: ${text}`);
  return value;
}

export function parseDate(text: string): string {
  return text;
}
