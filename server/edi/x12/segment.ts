import type { Delimiters } from './delimiters.ts';
import { parseCents } from './parseCents.ts';
import { parseDate } from './parseDate.ts';

/**
 * Where `code` first occurs in text[from, end), -1 if not there. An element is a few characters
 * long; indexOf would look past its end, as far as the next separator in the file, and in a file
 * that has none after it, to the end of the file for every element asked for.
 */
function indexWithin(text: string, code: number, from: number, end: number): number {
  for (let at = from; at < end; at++) if (text.charCodeAt(at) === code) return at;
  return -1;
}

/** The id code of a segment whose id cannot be read. */
const UNREADABLE = -1;

/** A growing list of 32-bit integers kept in one typed array: no object per entry. */
export class Int32List {
  array: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.array = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.array.length) {
      const grown = new Int32Array(this.array.length * 2);
      grown.set(this.array);
      this.array = grown;
    }
    this.array[this.length++] = value;
  }
}

/**
 * Every segment of a file, column by column: its id, where its element boundaries start in
 * `bounds` (for a segment at `first`, bounds[first] is the index before its id, bounds[first + n]
 * the separator before XXn, bounds[first + count + 1] its end), how many elements it has and where
 * it starts in the text. A remittance of 5,000 claims has about 90,000 segments: an object for
 * each, kept until the file is read, was a third of the read's time in garbage collection.
 * Segments are looked at through views (`at`) made only when asked for.
 */
export class SegmentTable {
  readonly bounds: Int32List;
  /** Ids and delimiters as small numbers into these lists: a file has a few dozen distinct ids and one set of delimiters an ISA. */
  private readonly names: string[] = [];
  private readonly codeOfName = new Map<string, number>();
  private readonly delimiterSets: Delimiters[] = [];
  private readonly idCodes: Int32List;
  private readonly delimiterCodes: Int32List;
  private readonly firsts: Int32List;
  private readonly counts: Int32List;
  private readonly offsets: Int32List;
  private readonly shortCodes = new Map<number, string>();
  private readonly dates = new Map<number, string | null>();

  /** `capacity`: element boundaries expected; a segment has about four. */
  constructor(
    readonly text: string,
    capacity: number,
  ) {
    this.bounds = new Int32List(capacity);
    const segments = Math.max(16, capacity >> 2);
    this.idCodes = new Int32List(segments);
    this.delimiterCodes = new Int32List(segments);
    this.firsts = new Int32List(segments);
    this.counts = new Int32List(segments);
    this.offsets = new Int32List(segments);
  }

  get length(): number {
    return this.idCodes.length;
  }

  /** `id` null: the segment does not start with a segment id (junk); it is named by its first characters when asked (`id`). */
  add(id: string | null, delimiters: Delimiters, first: number, count: number, offset: number): void {
    let code = id === null ? UNREADABLE : this.codeOfName.get(id);
    if (code === undefined) {
      code = this.names.length;
      this.names.push(id as string);
      this.codeOfName.set(id as string, code);
    }
    this.idCodes.push(code);
    if (this.delimiterSets.at(-1) !== delimiters) this.delimiterSets.push(delimiters);
    this.delimiterCodes.push(this.delimiterSets.length - 1);
    this.firsts.push(first);
    this.counts.push(count);
    this.offsets.push(offset);
  }

  id(index: number): string {
    const code = this.idCodes.array[index] as number;
    return code === UNREADABLE ? this.unreadableID(index) : (this.names[code] as string);
  }

  /** The id, or '' for a segment whose id cannot be read: what a reader switches on, with no string made for a junk segment. */
  knownID(index: number): string {
    const code = this.idCodes.array[index] as number;
    return code === UNREADABLE ? '' : (this.names[code] as string);
  }

  /**
   * What stands where a junk segment's id should be, cut at ten characters (with '…' then): never
   * a real id, since a real one is two or three capitals or digits. Worked out when asked, so a
   * file of junk does not fill the table's names with a distinct string per segment.
   */
  private unreadableID(index: number): string {
    const start = this.offsets.array[index] as number;
    const end = this.bounds.array[(this.firsts.array[index] as number) + 1] as number;
    return end - start > 10 ? `${this.text.slice(start, start + 10)}…` : this.text.slice(start, end);
  }

  /** The delimiters in force for segment `index`: every ISA may declare its own. */
  delimiters(index: number): Delimiters {
    return this.delimiterSets[this.delimiterCodes.array[index] as number] as Delimiters;
  }

  first(index: number): number {
    return this.firsts.array[index] as number;
  }

  count(index: number): number {
    return this.counts.array[index] as number;
  }

  offset(index: number): number {
    return this.offsets.array[index] as number;
  }

  /**
   * The text between `start` and `end`. Codes of up to five digits or capitals (qualifiers,
   * adjustment groups, reason and remark codes, procedure codes, modifiers) are cut once per file
   * and shared: a remittance repeats a few hundred of them tens of thousands of times, and a
   * string for each repeat was most of what the garbage collector copied.
   */
  cut(start: number, end: number): string {
    const length = end - start;
    if (length === 0) return '';
    if (length > 5) return this.text.slice(start, end);
    let key = 0;
    for (let at = start; at < end; at++) {
      const code = this.text.charCodeAt(at);
      // 1-10 for digits, 11-36 for capitals: no code is 0, so keys of different lengths never meet.
      const digit = code >= 48 && code <= 57 ? code - 47 : code >= 65 && code <= 90 ? code - 54 : -1;
      if (digit < 0) return this.text.slice(start, end);
      key = key * 37 + digit;
    }
    let shared = this.shortCodes.get(key);
    if (shared === undefined) {
      shared = this.text.slice(start, end);
      this.shortCodes.set(key, shared);
    }
    return shared;
  }

  /** The CCYYMMDD date between `start` and `end` as YYYY-MM-DD (null if none): a file has few dates, repeated on every line, so each is written once. */
  date(start: number, end: number): string | null {
    if (end - start !== 8) return null;
    let value = 0;
    for (let at = start; at < end; at++) {
      const code = this.text.charCodeAt(at);
      if (code < 48 || code > 57) return null;
      value = value * 10 + (code - 48);
    }
    const known = this.dates.get(value);
    if (known !== undefined) return known;
    const date = parseDate(this.text, start, end);
    this.dates.set(value, date);
    return date;
  }

  /** A view of segment `index` (0-based), to keep or to move along (Segment.moveTo). */
  at(index: number): Segment {
    return new Segment(this, index);
  }

  /** Views of segments [from, to). */
  range(from: number, to: number): Segment[] {
    const views: Segment[] = [];
    for (let index = from; index < to; index++) views.push(this.at(index));
    return views;
  }
}

/**
 * A view of one segment of a SegmentTable. Its elements are not cut out of the file text until
 * asked for: most elements of a remittance are read once or never, and a string for each of them
 * costs about four times the scan that finds them. `is` and `cents` read without allocating at
 * all. A reader walking many segments moves one view along (`moveTo`) instead of making one each.
 */
export class Segment {
  constructor(
    private readonly table: SegmentTable,
    private index: number,
  ) {}

  /** Points this view at another segment of its table. */
  moveTo(index: number): this {
    this.index = index;
    return this;
  }

  get id(): string {
    return this.table.id(this.index);
  }

  /** The id, '' when it cannot be read (then `id` shows what stands there). */
  get knownID(): string {
    return this.table.knownID(this.index);
  }

  /** Number of data elements (XX01..XXnn) as written, trailing empty ones included. */
  get count(): number {
    return this.table.count(this.index);
  }

  /** 1-based ordinal of the segment in the file, the position error messages name. */
  get position(): number {
    return this.index + 1;
  }

  /** Index of the segment's first character in the file text. */
  get offset(): number {
    return this.table.offset(this.index);
  }

  get delimiters(): Delimiters {
    return this.table.delimiters(this.index);
  }

  private start(element: number): number {
    return (this.table.bounds.array[this.table.first(this.index) + element] as number) + 1;
  }

  private end(element: number): number {
    return this.table.bounds.array[this.table.first(this.index) + element + 1] as number;
  }

  /** XXnn as written (components not split); '' when absent. Index 0 is the segment id. */
  element(index: number): string {
    if (index < 0 || index > this.count) return '';
    return this.table.cut(this.start(index), this.end(index));
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
    return this.end(index) - start === value.length && this.table.text.startsWith(value, start);
  }

  /** XXnn as integer cents ('100', '-5.5', '12.25'); null when empty or not an amount. */
  cents(index: number): number | null {
    if (index < 1 || index > this.count) return null;
    return parseCents(this.table.text, this.start(index), this.end(index));
  }

  /** XXnn, a CCYYMMDD date, as YYYY-MM-DD; null when empty or not a calendar date. */
  date(index: number): string | null {
    if (index < 1 || index > this.count) return null;
    return this.table.date(this.start(index), this.end(index));
  }

  /** Component `component` (1-based) of XXnn; '' when absent. */
  component(index: number, component: number): string {
    if (index < 0 || index > this.count || component < 1) return '';
    const text = this.table.text;
    const separator = this.delimiters.component.charCodeAt(0);
    const end = this.end(index);
    let start = this.start(index);
    for (let skipped = 1; skipped < component; skipped++) {
      const next = indexWithin(text, separator, start, end);
      if (next < 0) return '';
      start = next + 1;
    }
    const stop = indexWithin(text, separator, start, end);
    return this.table.cut(start, stop < 0 ? end : stop);
  }

  /** Every component of XXnn ([] when absent), short codes shared as `cut` does. */
  components(index: number): string[] {
    if (index < 0 || index > this.count) return [];
    const text = this.table.text;
    const separator = this.delimiters.component.charCodeAt(0);
    const end = this.end(index);
    let from = this.start(index);
    if (from === end) return [];
    const parts: string[] = [];
    for (;;) {
      const next = indexWithin(text, separator, from, end);
      if (next < 0) {
        parts.push(this.table.cut(from, end));
        return parts;
      }
      parts.push(this.table.cut(from, next));
      from = next + 1;
    }
  }

  /** The repeats of XXnn (one item when the interchange declares no repetition separator). */
  repetitions(index: number): string[] {
    const value = this.element(index);
    if (value === '') return [];
    const separator = this.delimiters.repetition;
    return separator === null ? [value] : value.split(separator);
  }
}
