import { claimRowsOfTable } from '../../../contract/claimTableRows.ts';
import type { ClaimSearchRow, ClaimTableReply } from '../../../contract/claims.ts';
import { cursorPages } from '../../export/cursorPages.ts';

/**
 * Every claim of a search, a page of list rows at a time, read through the table variant by
 * cursor (the last claim of each page). A page shorter than `pageSize` is the last.
 */
export async function* claimExportPages(
  fetchPage: (after: number | undefined) => Promise<ClaimTableReply>,
  pageSize: number,
  onProgress?: (done: number, total: number) => void,
): AsyncGenerator<ClaimSearchRow[]> {
  let done = 0;
  for await (const page of cursorPages<ClaimTableReply>(
    (previous) => fetchPage(previous?.rows.at(-1)?.[0]),
    (page) => page.rows.length < pageSize,
  )) {
    done += page.rows.length;
    onProgress?.(done, page.total);
    yield claimRowsOfTable(page);
  }
}
