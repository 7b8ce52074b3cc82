import type { Steps } from './steps.ts';

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

/**
 * Where a reader sends its problems. `offset` is the character a problem starts at: its line is
 * worked out later (ProblemList.withLines), so `line` may be left 0. A file of junk has a problem
 * on nearly every segment, so a reader about to build one asks `keeps` first, and only `count`s
 * a problem that would not be named.
 */
export interface ProblemSink<P> {
  /** Whether a problem at segment `position` would be among those named. */
  keeps(position: number): boolean;
  add(problem: P, offset: number): void;
  /** A problem not named (`keeps` said no), counted only. */
  count(): void;
}

/** How many problems a reading names in detail; the rest are counted. */
export const MAX_PROBLEMS = 100;

/** Lines counted between two pauses of an asynchronous reading. */
const LINES_PER_STEP = 1 << 16;

/**
 * The first `limit` problems of a file in file order (by segment position; problems at the same
 * position in the order they were found), and how many there were in all. A file of junk has a
 * problem on nearly every segment: beyond the limit each costs a comparison, not a place in a list.
 * Problems usually come in file order, so a full list only compares with its last entry.
 */
export class ProblemList<P extends { position: number; line: number }> implements ProblemSink<P> {
  private readonly kept: P[] = [];
  private readonly offsets: number[] = [];
  /** Every problem added or counted. */
  total = 0;

  constructor(private readonly limit = MAX_PROBLEMS) {}

  keeps(position: number): boolean {
    const { kept } = this;
    return kept.length < this.limit || (this.limit > 0 && position < (kept[kept.length - 1] as P).position);
  }

  add(problem: P, offset: number): void {
    this.total++;
    if (!this.keeps(problem.position)) return;
    const { kept, offsets } = this;
    if (kept.length === this.limit) {
      kept.pop();
      offsets.pop();
    }
    let at = kept.length;
    while (at > 0 && (kept[at - 1] as P).position > problem.position) at--;
    kept.splice(at, 0, problem);
    offsets.splice(at, 0, offset);
  }

  count(): void {
    this.total++;
  }

  /**
   * The kept problems in file order with their lines, counted in one pass over the text up to
   * the last of them: a cursor moves from newline to newline in increasing order, never back, and
   * each newline is looked for once (when there is none left, the search ends once).
   */
  *withLines(text: string): Steps<P[]> {
    const order = this.offsets
      .map((offset, index) => ({ offset, index }))
      .sort((left, right) => left.offset - right.offset);
    let line = 1;
    /** The first newline not counted yet; -1 when none is left. */
    let newline = order.length > 0 ? text.indexOf('\n') : -1;
    let counted = 0;
    for (const { offset, index } of order) {
      while (newline >= 0 && newline < offset) {
        line++;
        newline = text.indexOf('\n', newline + 1);
        if (++counted % LINES_PER_STEP === 0) yield;
      }
      (this.kept[index] as P).line = line;
    }
    return [...this.kept];
  }
}

/** A value from the file as a message quotes it: a long one is cut, so a message stays a message. */
export function clip(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}
