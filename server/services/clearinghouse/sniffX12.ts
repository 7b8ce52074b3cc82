/**
 * Just enough of an X12 file to route it: its delimiters (from the ISA), its segments as arrays,
 * the transaction set (ST01) and the receiver (ISA08). The readers read the file properly.
 */
export interface SniffedX12 {
  /** ST01 of the first transaction ('835', '999', '277', ...), or 'TA1' for an interchange acknowledgement alone; null when none. */
  transactionSet: string | null;
  /** ISA08: whom the file is for (our submitter ID of a group). */
  receiverID: string | null;
  segments: string[][];
}

export function sniffX12(text: string): SniffedX12 {
  const start = text.indexOf('ISA');
  if (start < 0 || text.length < start + 106) return { transactionSet: null, receiverID: null, segments: [] };
  const element = text.charAt(start + 3);
  const terminator = text.charAt(start + 105);
  const segments = text
    .slice(start)
    .split(terminator)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '')
    .map((segment) => segment.split(element));
  const isa = segments[0] ?? [];
  const st = segments.find((segment) => segment[0] === 'ST');
  const ta1 = segments.some((segment) => segment[0] === 'TA1');
  return {
    transactionSet: st?.[1]?.trim() || (ta1 ? 'TA1' : null),
    receiverID: isa[8]?.trim() || null,
    segments,
  };
}
