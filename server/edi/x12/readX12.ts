import { buildEnvelopeSteps, type Interchange } from './envelope.ts';
import { runSteps, type Steps } from './steps.ts';
import { tokenizeSteps } from './tokenize.ts';
import { ProblemList, type ProblemSink, type X12Error } from './x12Error.ts';

export interface X12Document {
  interchanges: Interchange[];
  /** Envelope and syntax problems, the first MAX_PROBLEMS in file order; empty for a clean file. */
  errors: X12Error[];
  /** How many problems there are in all, named in `errors` or only counted. */
  errorCount: number;
}

/**
 * Tokenizes and nests X12 text, sending every problem to `report` with its offset (line 0: the
 * caller counts lines once for the problems it keeps). Linear in the text, junk included.
 */
export function* readX12Steps(text: string, report: ProblemSink<X12Error>): Steps<Interchange[]> {
  const table = yield* tokenizeSteps(text, report);
  return yield* buildEnvelopeSteps(table, (code, segment, message) => {
    report.add({ code, message, segmentID: segment.id, position: segment.position, line: 0 }, segment.offset);
  });
}

/**
 * Reads X12 text of any transaction set into interchanges, groups and transactions. Never throws
 * on bad input: what could be read is returned with the problems found, each naming its segment.
 */
export function readX12(text: string): X12Document {
  const problems = new ProblemList<X12Error>();
  const interchanges = runSteps(readX12Steps(text, problems));
  return { interchanges, errors: runSteps(problems.withLines(text)), errorCount: problems.total };
}
