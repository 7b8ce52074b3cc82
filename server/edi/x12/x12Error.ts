export type X12ErrorCode =
  | 'not-x12'
  | 'bad-isa'
  | 'bad-segment'
  | 'outside-envelope'
  | 'missing-trailer'
  | 'count-mismatch'
  | 'control-number-mismatch';

/** A problem found while reading, located so a biller can find it in the file. */
export interface X12Error {
  code: X12ErrorCode;
  message: string;
  segmentID: string;
  /** 1-based ordinal of the segment in the file (0 when the file has none). */
  position: number;
  /** 1-based line of the segment in the file text. */
  line: number;
}

/** 1-based line number of a character offset; only called on errors, so a plain count is fine. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}
