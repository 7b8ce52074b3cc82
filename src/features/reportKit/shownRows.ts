/**
 * A report's rows as the grid shows them: the server's rows in order, with the rows of each
 * expanded row (a patient's claims) right under it, and the totals row last. Pure arithmetic over
 * the expansions, so the grid can stay paged: a shown row maps back to a server row or a child.
 */
export interface Expansion<Row> {
  /** The expanded row's index among the server's rows. */
  index: number;
  children: readonly Row[];
}

export type ShownRow =
  { kind: 'row'; index: number } | { kind: 'child'; parentIndex: number; childIndex: number } | { kind: 'totals' };

/** Expansions in the order of their rows. */
export function sortedExpansions<Row>(expansions: Iterable<Expansion<Row>>): Expansion<Row>[] {
  return [...expansions].sort((a, b) => a.index - b.index);
}

/** Rows shown: the server's, the children under expanded rows, and one totals row when there are totals. */
export function shownCount<Row>(total: number, expansions: readonly Expansion<Row>[], totalsRow: boolean): number {
  return total + expansions.reduce((sum, expansion) => sum + expansion.children.length, 0) + (totalsRow ? 1 : 0);
}

/** What shown row `shown` is; `expansions` sorted by index. */
export function shownRowAt<Row>(
  shown: number,
  total: number,
  expansions: readonly Expansion<Row>[],
  totalsRow: boolean,
): ShownRow | null {
  let before = 0;
  for (const expansion of expansions) {
    const at = expansion.index + before;
    if (shown <= at) break;
    if (shown <= at + expansion.children.length)
      return { kind: 'child', parentIndex: expansion.index, childIndex: shown - at - 1 };
    before += expansion.children.length;
  }
  const index = shown - before;
  if (index < total) return { kind: 'row', index };
  if (totalsRow && index === total) return { kind: 'totals' };
  return null;
}

/** Where server row `index` is shown. */
export function shownIndexOf<Row>(index: number, expansions: readonly Expansion<Row>[]): number {
  let before = 0;
  for (const expansion of expansions) if (expansion.index < index) before += expansion.children.length;
  return index + before;
}

/** The server rows [first, first + count) that shown rows [first, first + count) need. */
export function serverRange<Row>(
  first: number,
  count: number,
  total: number,
  expansions: readonly Expansion<Row>[],
): { first: number; count: number } {
  const start = shownRowAt(first, total, expansions, false);
  const end = shownRowAt(first + Math.max(count, 1) - 1, total, expansions, false);
  const from =
    start === null ? total : start.kind === 'row' ? start.index : start.kind === 'child' ? start.parentIndex : total;
  const to =
    end === null ? total : end.kind === 'row' ? end.index + 1 : end.kind === 'child' ? end.parentIndex + 1 : total;
  return { first: Math.max(0, Math.min(from, to)), count: Math.max(0, to - from) };
}
