/** Page arithmetic of the paged grid source. Pages are numbered from 0 here (the API's from 1). */

export function pageOfRow(row: number, pageSize: number): number {
  return Math.floor(row / pageSize);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

/**
 * The pages to hold for rows [first, first + count) plus `margin` pages either side, within the
 * table. Before the total is known only the page of `first` is asked for: nothing past it exists yet.
 */
export function wantedPages(
  first: number,
  count: number,
  pageSize: number,
  margin: number,
  total: number | null,
): number[] {
  const firstPage = pageOfRow(Math.max(0, first), pageSize);
  if (total === null) return [firstPage];
  const lastPage = pageOfRow(Math.max(0, first + Math.max(count, 1) - 1), pageSize);
  const from = Math.max(0, firstPage - margin);
  const to = Math.min(pageCount(total, pageSize) - 1, lastPage + margin);
  const pages: number[] = [];
  for (let page = from; page <= to; page += 1) pages.push(page);
  return pages;
}

/** Held pages more than `keep` pages away from every wanted page: memory to give back. */
export function pagesToDrop(held: Iterable<number>, wanted: readonly number[], keep: number): number[] {
  const drop: number[] = [];
  if (wanted.length === 0) return [...held];
  const low = Math.min(...wanted) - keep;
  const high = Math.max(...wanted) + keep;
  for (const page of held) if (page < low || page > high) drop.push(page);
  return drop;
}

/** Pages in load order: the page at the top of the view first, then outwards. */
export function nearestFirst(pages: readonly number[], focus: number): number[] {
  return [...pages].sort((a, b) => Math.abs(a - focus) - Math.abs(b - focus) || a - b);
}
