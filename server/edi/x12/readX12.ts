import { buildEnvelopes, type Interchange } from './envelope.ts';
import { tokenize } from './tokenize.ts';
import { lineAt, type X12Error } from './x12Error.ts';

export interface X12Document {
  interchanges: Interchange[];
  /** Envelope and syntax problems, in file order; empty for a clean file. */
  errors: X12Error[];
}

/**
 * Reads X12 text of any transaction set into interchanges, groups and transactions. Never throws
 * on bad input: what could be read is returned with the problems found, each naming its segment.
 */
export function readX12(text: string): X12Document {
  const { table, errors } = tokenize(text);
  const interchanges = buildEnvelopes(table, (code, segment, message) => {
    errors.push({ code, message, segmentID: segment.id, position: segment.position, line: lineAt(text, segment.offset) });
  });
  errors.sort((left, right) => left.position - right.position);
  return { interchanges, errors };
}
