import { dateToDay, dayToDate } from './dates.ts';

/**
 * A seeded pseudo-random generator (sfc32, seeded through splitmix32) so that the demo data is the
 * same for the same seed on every machine: Math.random cannot be seeded.
 */
export interface Weighted<T> {
  readonly value: T;
  readonly weight: number;
}

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a: turns a label into 32 bits, to derive independent streams from one seed. */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i += 1) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: number) {
    const mix = splitmix32(seed);
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    // The first outputs of sfc32 still echo the seed; discard them.
    for (let i = 0; i < 12; i += 1) this.nextUint32();
  }

  /**
   * An independent stream for one part of the data (patients, claims...), so that a change in how
   * many numbers one part draws does not shift every other part.
   */
  fork(label: string): Random {
    return new Random((Math.imul(this.seed ^ 0x5bd1e995, 31) ^ hashLabel(label)) >>> 0);
  }

  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`int(${min}, ${max}): empty range`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<T>(items: readonly Weighted<T>[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    if (!(total > 0)) throw new RangeError('weighted pick needs a positive total weight');
    let point = this.next() * total;
    for (const item of items) {
      point -= item.weight;
      if (point < 0) return item.value;
    }
    return (items[items.length - 1] as Weighted<T>).value;
  }

  /** `count` distinct items in random order (count is capped at the list length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0] as T);
    }
    return out;
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  digits(length: number): string {
    return this.chars('0123456789', length);
  }

  /** A 'YYYY-MM-DD' day between two such days, both included. */
  dateBetween(first: string, last: string): string {
    return dayToDate(this.int(dateToDay(first), dateToDay(last)));
  }
}
