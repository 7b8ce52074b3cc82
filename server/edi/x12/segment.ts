import type { Delimiters } from './delimiters.ts';
import { parseCents } from './parseCents.ts';

/**
 * Positions of every element boundary of a file, shared by all its segments: for a segment at
 * `first`, bounds[first] is the index before its id, bounds[first + n] the separator before XXn,
 * bounds[first + count + 1] its end.
 */
export class Boundaries {
  array: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.array = new Int32Array(capacity);
  }

  push(index: number): void {
    if (this.length === this.array.length) {
      const grown = new Int32Array(this.array.length * 2);
      grown.set(this.array);
      this.array = grown;
    }
    this.array[this.length++] = index;
  }
}

/** What the segments of one interchange share. */
export interface SegmentSource {
  readonly text: string;
  readonly bounds: Boundaries;
  readonly delimiters: Delimiters;
}

/**
 * One segment as read. Its elements are not cut out of the file text until asked for: most
 * elements of a remittance are read once or never, and a string for each of them costs about four
 * times the scan that finds them. `is` and `cents` read without allocating at all.
 */
export class Segment {
  constructor(
    readonly id: string,
    private readonly source: SegmentSource,
    private readonly first: number,
    /** Number of data elements (XX01..XXnn) as written, trailing empty ones included. */
    readonly count: number,
    /** 1-based ordinal of the segment in the file, the position error messages name. */
    readonly position: number,
    /** Index of the segment's first character in the file text. */
    readonly offset: number,
  ) {}

  get delimiters(): Delimiters {
    return this.source.delimiters;
  }

  private start(index: number): number {
    return (this.source.bounds.array[this.first + index] as number) + 1;
  }

  private end(index: number): number {
    return this.source.bounds.array[this.first + index + 1] as number;
  }

  /** XXnn as written (components not split); '' when absent. Index 0 is the segment id. */
  element(index: number): string {
    if (index < 0 || index > this.count) return '';
    return this.source.text.slice(this.start(index), this.end(index));
  }

  /** Every element, id first: elements()[1] is XX01. */
  elements(): string[] {
    const values: string[] = [];
    for (let index = 0; index <= this.count; index++) values.push(this.element(index));
    return values;
  }

  /** Whether XXnn is exactly `value`, without cutting it out of the text. */
  is(index: number, value: string): boolean {
    if (index < 0 || index > this.count) return value === '';
    const start = this.start(index);
    return this.end(index) - start === value.length && this.source.text.startsWith(value, start);
  }

  /** XXnn as integer cents ('100', '-5.5', '12.25'); null when empty or not an amount. */
  cents(index: number): number | null {
    if (index < 1 || index > this.count) return null;
    return parseCents(this.source.text, this.start(index), this.end(index));
  }

  /** Component `component` (1-based) of XXnn; '' when absent. */
  component(index: number, component: number): string {
    if (index < 0 || index > this.count || component < 1) return '';
    const text = this.source.text;
    const separator = this.source.delimiters.component;
    const end = this.end(index);
    let start = this.start(index);
    for (let skipped = 1; skipped < component; skipped++) {
      const next = text.indexOf(separator, start);
      if (next < 0 || next >= end) return '';
      start = next + 1;
    }
    const stop = text.indexOf(separator, start);
    return text.slice(start, stop < 0 || stop > end ? end : stop);
  }

  components(index: number): string[] {
    const value = this.element(index);
    return value === '' ? [] : value.split(this.source.delimiters.component);
  }

  /** The repeats of XXnn (one item when the interchange declares no repetition separator). */
  repetitions(index: number): string[] {
    const value = this.element(index);
    if (value === '') return [];
    const separator = this.source.delimiters.repetition;
    return separator === null ? [value] : value.split(separator);
  }
}
