import { describe, expect, it } from 'vitest';
import { serverRange, shownCount, shownIndexOf, shownRowAt, type Expansion } from './shownRows.ts';

const expansions: Expansion<string>[] = [
  { index: 1, children: ['a', 'b'] },
  { index: 3, children: ['c'] },
];

describe('a report’s shown rows with expanded rows and a totals row', () => {
  it('puts each expanded row’s children right under it and the totals last', () => {
    const shown = Array.from({ length: shownCount(5, expansions, true) }, (_, at) =>
      shownRowAt(at, 5, expansions, true),
    );
    expect(shown).toEqual([
      { kind: 'row', index: 0 },
      { kind: 'row', index: 1 },
      { kind: 'child', parentIndex: 1, childIndex: 0 },
      { kind: 'child', parentIndex: 1, childIndex: 1 },
      { kind: 'row', index: 2 },
      { kind: 'row', index: 3 },
      { kind: 'child', parentIndex: 3, childIndex: 0 },
      { kind: 'row', index: 4 },
      { kind: 'totals' },
    ]);
    expect(shownRowAt(9, 5, expansions, true)).toBeNull();
  });

  it('finds where a server row is shown and which server rows a view needs', () => {
    expect(shownIndexOf(4, expansions)).toBe(7);
    expect(shownIndexOf(1, expansions)).toBe(1);
    expect(serverRange(2, 4, 5, expansions)).toEqual({ first: 1, count: 3 });
    expect(serverRange(0, 100, 5, expansions)).toEqual({ first: 0, count: 5 });
  });
});
