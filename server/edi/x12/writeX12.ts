import { STANDARD_DELIMITERS, type Delimiters } from './delimiters.ts';

/** An element: a plain value, or the components of a composite. */
export type X12Value = string | readonly string[];

/** A segment to write: its id then its elements in order (XX01 first). */
export type SegmentData = readonly [id: string, ...elements: X12Value[]];

export interface WriteOptions {
  delimiters?: Delimiters;
  /** '~\n' between segments (readable, what most payers accept) rather than a bare '~'. */
  lineBreaks?: boolean;
}

/**
 * Drops the delimiters in use and control characters from a value: data must never be able to
 * end an element or a segment early, whatever a user typed into a name or an address.
 */
function clean(value: string, delimiters: Delimiters): string {
  let kept: string | null = null;
  for (let index = 0; index < value.length; index++) {
    const char = value[index] as string;
    const forbidden =
      char.charCodeAt(0) < 32 ||
      char === delimiters.element ||
      char === delimiters.component ||
      char === delimiters.segment ||
      char === delimiters.repetition;
    if (forbidden) kept ??= value.slice(0, index);
    else if (kept !== null) kept += char;
  }
  return kept ?? value;
}

/** Empty trailing parts are dropped by holding back separators until a non-empty part follows. */
function composite(components: readonly string[], delimiters: Delimiters): string {
  let text = '';
  let pending = '';
  for (let index = 0; index < components.length; index++) {
    if (index > 0) pending += delimiters.component;
    const value = clean(components[index] as string, delimiters);
    if (value !== '') {
      text += pending + value;
      pending = '';
    }
  }
  return text;
}

/** ISA11 and ISA16 are the separators themselves, so the ISA's own values are written as given. */
function isaSeparator(id: string, index: number): boolean {
  return id === 'ISA' && (index === 11 || index === 16);
}

/** One segment without its terminator; trailing empty elements are dropped as X12 requires. */
export function writeSegment(segment: SegmentData, delimiters: Delimiters = STANDARD_DELIMITERS): string {
  const [id] = segment;
  let text = id;
  let pending = '';
  for (let index = 1; index < segment.length; index++) {
    const value = segment[index] as X12Value;
    pending += delimiters.element;
    const written =
      typeof value !== 'string'
        ? composite(value, delimiters)
        : isaSeparator(id, index)
          ? value
          : clean(value, delimiters);
    if (written !== '') {
      text += pending + written;
      pending = '';
    }
  }
  return text;
}

export function writeX12(segments: Iterable<SegmentData>, options: WriteOptions = {}): string {
  const delimiters = options.delimiters ?? STANDARD_DELIMITERS;
  const terminator = options.lineBreaks === false ? delimiters.segment : `${delimiters.segment}\n`;
  let text = '';
  for (const segment of segments) text += writeSegment(segment, delimiters) + terminator;
  return text;
}
