import type { Transaction } from '../../x12/envelope.ts';
import type { Segment } from '../../x12/segment.ts';

/** An HL level with the segments up to the next HL (claims and lines included). */
export interface Level {
  hl: Segment;
  id: string;
  parent: string;
  code: string;
  hasChildren: boolean;
  segments: Segment[];
}

export interface Line {
  lx: Segment;
  /** LX up to the next LX, CLM or HL. */
  segments: Segment[];
}

export interface ClaimLoop {
  clm: Segment;
  /** The HL the claim hangs under (22, or 23 when the patient is not the subscriber). */
  level: Level;
  /** CLM up to the first LX: 2300, 2310, 2320/2330. */
  header: Segment[];
  lines: Line[];
}

export interface Read837 {
  /** Segments before the first HL: BHT, 1000A, 1000B. */
  heading: Segment[];
  levels: Level[];
  claims: ClaimLoop[];
}

/** Cuts an 837 transaction into its HL levels, claims and lines, the loops the checks are about. */
export function loops837(transaction: Transaction): Read837 {
  const heading: Segment[] = [];
  const levels: Level[] = [];
  const claims: ClaimLoop[] = [];
  let level: Level | null = null;
  let claim: ClaimLoop | null = null;
  let line: Line | null = null;
  for (const segment of transaction.segments) {
    if (segment.id === 'HL') {
      level = {
        hl: segment,
        id: segment.element(1),
        parent: segment.element(2),
        code: segment.element(3),
        hasChildren: segment.is(4, '1'),
        segments: [],
      };
      levels.push(level);
      claim = null;
      line = null;
    } else if (segment.id === 'CLM' && level !== null) {
      claim = { clm: segment, level, header: [], lines: [] };
      claims.push(claim);
      line = null;
    } else if (segment.id === 'LX' && claim !== null) {
      line = { lx: segment, segments: [] };
      claim.lines.push(line);
    }
    if (level === null) heading.push(segment);
    else level.segments.push(segment);
    if (line !== null) line.segments.push(segment);
    else if (claim !== null) claim.header.push(segment);
  }
  return { heading, levels, claims };
}

/** A segment's id with the qualifier that names its loop (NM1*85, HL*20, REF*6R), for comparing layouts. */
export function loopKey(segment: Segment): string {
  switch (segment.id) {
    case 'NM1':
    case 'REF':
    case 'PRV':
    case 'DTP':
    case 'AMT':
    case 'N1':
      return `${segment.id}*${segment.element(1)}`;
    case 'HL':
      return `HL*${segment.element(3)}`;
    default:
      return segment.id;
  }
}
