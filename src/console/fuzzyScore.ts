/**
 * How well a typed query matches a command's title and keywords, from 0 (not at all) to 1: the
 * letters must appear in order; a run of letters in a row counts fully, a letter that starts a
 * word counts nearly fully ("gtc" → "Go To Claims"), a letter picked out of the middle of a word
 * counts little, and every letter skipped costs a little. The best way to place the letters wins.
 *
 * The same weights as cmdk's own scorer (command-score), which this replaces because it lowercases
 * and splits every title again on every keystroke and tries placements by recursion: with 500
 * commands that alone took 3-4 ms of the 16 a frame has. Here each command's text is prepared
 * once, and the best placement is found in one pass per query letter.
 */

const CONTINUE = 1;
const SPACE_WORD_JUMP = 0.9;
const OTHER_WORD_JUMP = 0.8;
const CHARACTER_JUMP = 0.17;
const SKIPPED = 0.999;
/** A match that leaves letters of the text after its last letter is a touch weaker than one that ends the text. */
const NOT_COMPLETE = 0.99;

const SPACE = /[\s-]/;
const WORD_BREAK = /[\\/_+.#"@[({&]/;

export interface PreparedText {
  /** The lowercased text's character codes: compared by number, not as one-letter strings. */
  codes: Uint16Array;
  /** For each character: the weight of jumping to it from further back. */
  jump: Float64Array;
}

export function prepareText(title: string, keywords: readonly string[] = []): PreparedText {
  const text = [title, ...keywords].join(' ').toLowerCase();
  const codes = new Uint16Array(text.length);
  const jump = new Float64Array(text.length);
  for (let at = 0; at < text.length; at += 1) {
    codes[at] = text.charCodeAt(at);
    const before = at === 0 ? '' : text[at - 1]!;
    jump[at] =
      at === 0
        ? CONTINUE
        : SPACE.test(before)
          ? SPACE_WORD_JUMP
          : WORD_BREAK.test(before)
            ? OTHER_WORD_JUMP
            : CHARACTER_JUMP;
  }
  return { codes, jump };
}

/** Two rows reused across calls: a keystroke scores every command, and allocating them each time showed. */
let scratch: [Float64Array, Float64Array] = [new Float64Array(256), new Float64Array(256)];

function scratchFor(length: number): [Float64Array, Float64Array] {
  if (scratch[0].length < length) scratch = [new Float64Array(length * 2), new Float64Array(length * 2)];
  return [scratch[0], scratch[1]];
}

/** Whether the letters appear in order at all: most commands fail this, and cheaply. */
function inOrder(codes: Uint16Array, wanted: string): boolean {
  let letter = 0;
  for (let at = 0; at < codes.length && letter < wanted.length; at += 1) {
    if (codes[at] === wanted.charCodeAt(letter)) letter += 1;
  }
  return letter === wanted.length;
}

/**
 * best[at]: the best score of the query's letters so far with the current one placed at `at`.
 * Reaching `at` either continues from `at - 1` or jumps from any earlier place, paying SKIPPED
 * for each letter between; the best earlier place is carried along, decayed by SKIPPED per step.
 */
export function fuzzyScore(prepared: PreparedText, query: string): number {
  const { codes, jump } = prepared;
  const wanted = query.toLowerCase();
  const length = codes.length;
  if (wanted.length === 0) return 1;
  if (!inOrder(codes, wanted)) return 0;
  let [best, next] = scratchFor(length);
  const first = wanted.charCodeAt(0);
  let skipped = 1;
  for (let at = 0; at < length; at += 1) {
    best[at] = codes[at] === first ? jump[at]! * skipped : 0;
    skipped *= SKIPPED;
  }
  for (let letter = 1; letter < wanted.length; letter += 1) {
    const char = wanted.charCodeAt(letter);
    // The best score ending at least two places back, decayed to this place.
    let carried = 0;
    next[0] = 0;
    for (let at = 1; at < length; at += 1) {
      if (at >= 2) carried = Math.max(carried * SKIPPED, best[at - 2]!);
      next[at] = codes[at] === char ? Math.max(best[at - 1]! * CONTINUE, carried * jump[at]! * SKIPPED) : 0;
    }
    [best, next] = [next, best];
  }
  let score = 0;
  for (let at = 0; at < length; at += 1) {
    const placed = best[at]!;
    if (placed > 0) score = Math.max(score, at === length - 1 ? placed : placed * NOT_COMPLETE);
  }
  return score;
}
