import { detectDelimiters } from './delimiters.ts';
import { SegmentTable } from './segment.ts';
import { Pace, runSteps, type Steps } from './steps.ts';
import { ProblemList, type ProblemSink, type X12Error } from './x12Error.ts';

export interface Tokens {
  table: SegmentTable;
  /** The first problems (MAX_PROBLEMS) in file order. */
  errors: X12Error[];
  /** Every problem found, named or only counted. */
  errorCount: number;
}

const BOM = 0xfeff;
const CR = 13;
const LF = 10;

function badIsa(position: number): X12Error {
  const message = `ISA at segment ${position} is malformed: its delimiters cannot be read, so nothing after it can.`;
  return { code: 'bad-isa', message, segmentID: 'ISA', position, line: 0 };
}

function isIDChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
}

/** Segment ids repeat a hundred thousand times in a big file; one string per distinct id is enough. */
class SegmentIDs {
  private readonly known = new Map<number, string>();

  /** The id between `start` and `end`, or null when it is not 2-3 uppercase letters or digits. */
  read(text: string, start: number, end: number): string | null {
    const length = end - start;
    if (length < 2 || length > 3) return null;
    let key = 0;
    for (let at = start; at < end; at++) {
      const code = text.charCodeAt(at);
      if (!isIDChar(code)) return null;
      key = key * 64 + (code - 47);
    }
    let id = this.known.get(key);
    if (id === undefined) {
      id = text.slice(start, end);
      this.known.set(key, id);
    }
    return id;
  }
}

/**
 * Splits X12 text into segments: indexOf finds each terminator, one pass over the segment each
 * element separator, and their positions go into the table's typed arrays instead of strings or
 * objects. Whitespace and line breaks between
 * segments are skipped, and every ISA sets the delimiters again, so files that concatenate
 * interchanges from different senders read. Problems go to `report` with their offset (lines are
 * counted once at the end, for the problems named). Every character is looked at a bounded number
 * of times, junk included; the reading yields between slices of about 4,000 segments (or 256 KB
 * of one long segment), see steps.ts.
 */
export function* tokenizeSteps(text: string, report: ProblemSink<X12Error>): Steps<SegmentTable> {
  const length = text.length;
  const table = new SegmentTable(text, Math.max(64, length >> 2));
  let at = 0;
  while (at < length && (text.charCodeAt(at) <= 32 || text.charCodeAt(at) === BOM)) at++;
  if (!text.startsWith('ISA', at)) {
    report.add(
      {
        code: 'not-x12',
        message: 'This is not an X12 file: it does not begin with an ISA segment.',
        segmentID: '',
        position: 0,
        line: 0,
      },
      at,
    );
    return table;
  }
  const first = detectDelimiters(text, at);
  if (first === null) {
    report.add(badIsa(1), at);
    return table;
  }
  const { bounds } = table;
  const ids = new SegmentIDs();
  const pace = new Pace();
  let delimiters = first.delimiters;
  let position = 0;
  while (at < length) {
    const code = text.charCodeAt(at);
    if (code <= 32 || code === BOM) {
      at++;
      continue;
    }
    let end: number;
    if (code === 73 && text.startsWith('ISA', at)) {
      const detected = detectDelimiters(text, at);
      if (detected === null) {
        report.add(badIsa(position + 1), at);
        break;
      }
      delimiters = detected.delimiters;
      end = detected.isaEnd;
    } else {
      end = text.indexOf(delimiters.segment, at);
      if (end < 0) end = length;
    }
    let last = end;
    while (last > at && (text.charCodeAt(last - 1) === CR || text.charCodeAt(last - 1) === LF)) last--;
    position++;
    const firstBound = bounds.length;
    bounds.push(at - 1);
    // The separators of a segment some twenty characters long are found in one pass over it: an
    // indexOf call for each of them cost more than the scan.
    const element = delimiters.element.charCodeAt(0);
    let idEnd = last;
    for (let scan = at; scan < last; scan++) {
      if (text.charCodeAt(scan) !== element) continue;
      if (idEnd === last) idEnd = scan;
      bounds.push(scan);
    }
    bounds.push(last);
    const id = ids.read(text, at, idEnd);
    if (id === null && !report.keeps(position)) report.count();
    else if (id === null) {
      const shown = text.slice(at, Math.min(idEnd, at + 10));
      report.add(
        {
          code: 'bad-segment',
          message: `Segment ${position} does not start with a segment id ('${shown}').`,
          segmentID: shown.slice(0, 3),
          position,
          line: 0,
        },
        at,
      );
    }
    table.add(id, delimiters, firstBound, bounds.length - firstBound - 2, at);
    const segmentStart = at;
    at = end + 1;
    if (pace.tick(1 + ((at - segmentStart) >> 6))) yield;
  }
  return table;
}

/** tokenizeSteps run through at once, with the first problems and their lines. */
export function tokenize(text: string): Tokens {
  const problems = new ProblemList<X12Error>();
  const table = runSteps(tokenizeSteps(text, problems));
  return { table, errors: runSteps(problems.withLines(text)), errorCount: problems.total };
}
