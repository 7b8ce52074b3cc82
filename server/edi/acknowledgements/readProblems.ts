/**
 * The problem list and report function the acknowledgement readers share: one ProblemList takes
 * the X12 reader's envelope problems and the reader's own, names the first hundred and counts the
 * rest (see docs/decisions/era-reading-linear.md).
 */
import type { Interchange } from '../x12/envelope.ts';
import { readX12Steps } from '../x12/readX12.ts';
import type { Segment } from '../x12/segment.ts';
import type { Steps } from '../x12/steps.ts';
import { ProblemList } from '../x12/x12Error.ts';
import type { AcknowledgementProblem } from './model999.ts';

export type Report = (segment: Segment, message: string) => void;

export interface Reading {
  problems: ProblemList<AcknowledgementProblem>;
  report: Report;
}

export function startReading(): Reading {
  const problems = new ProblemList<AcknowledgementProblem>();
  const report: Report = (segment, message) => {
    if (problems.keeps(segment.position))
      problems.add({ message, segmentID: segment.id, position: segment.position, line: 0 }, segment.offset);
    else problems.count();
  };
  return { problems, report };
}

/** The file's interchanges, envelope problems going to the reading's list. */
export function* interchangesOf(text: string, reading: Reading): Steps<Interchange[]> {
  const { problems } = reading;
  return yield* readX12Steps(text, {
    keeps: (position) => problems.keeps(position),
    add: ({ message, segmentID, position }, offset) => problems.add({ message, segmentID, position, line: 0 }, offset),
    count: () => problems.count(),
  });
}

/** A whole number element (counts in AK9, QTY); null when empty or not one. */
export function count(segment: Segment, index: number, report: Report, what: string): number | null {
  const value = segment.element(index);
  if (value === '') return null;
  if (!/^\d+$/.test(value)) {
    report(
      segment,
      `${what} (${segment.id}${String(index).padStart(2, '0')}) is not a whole number: "${value.slice(0, 40)}".`,
    );
    return null;
  }
  return Number(value);
}
