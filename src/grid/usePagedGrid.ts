import type { DataEditorRef, Item, Rectangle } from '@glideapps/glide-data-grid';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { MAX_PAGE_SIZE } from '../../contract/claims.ts';
import { PagedSource, type PageFetcher } from './pagedSource.ts';
import { fetchRowRange, type RowRangeOptions } from './rowRange.ts';
import { pagesAsRows, type RowRanges } from './rowSelection.ts';

/** Rows per page a grid asks for as the biller moves. */
export const GRID_PAGE_SIZE = 100;
/** The server's largest page: rows fetched for a copy or an export come in these. */
export const BULK_PAGE_SIZE = MAX_PAGE_SIZE;
const MARGIN_PAGES = 1;
const KEEP_PAGES = 2;

function cellsIn(region: Rectangle, fromRow: number, toRow: number): { cell: Item }[] {
  const cells: { cell: Item }[] = [];
  for (let row = Math.max(fromRow, region.y); row < Math.min(toRow, region.y + region.height); row += 1) {
    for (let col = region.x; col < region.x + region.width; col += 1) cells.push({ cell: [col, row] });
  }
  return cells;
}

/**
 * Glues a PagedSource to a glide-data-grid DataEditor: the grid reports what is in view, the
 * source loads those pages, and only cells in view are redrawn when a page lands. A new
 * `fetcher` (sort, search) starts over from the top.
 */
export interface PagedGrid<Row> {
  gridRef: RefObject<DataEditorRef | null>;
  /** Rows of the current query; null until its first page arrives. */
  total: number | null;
  rowAt: (index: number) => Row | undefined;
  onVisibleRegionChanged: (range: Rectangle) => void;
  /** The rows held now (Mod+A's first press selects these). */
  heldRows: () => RowRanges;
  /** Rows [from, to) of the current query, fetched when the grid does not hold them. */
  fetchRows: (from: number, to: number, options?: Omit<RowRangeOptions<Row>, 'pageSize' | 'known'>) => Promise<Row[]>;
}

/** `revision`: bump it to read the rows in view again (a command changed them). */
export function usePagedGrid<Row>(fetcher: PageFetcher<Row>, revision = 0): PagedGrid<Row> {
  const gridRef = useRef<DataEditorRef>(null);
  const region = useRef<Rectangle>({ x: 0, y: 0, width: 0, height: 0 });
  const [total, setTotal] = useState<number | null>(null);
  const [source] = useState(
    () => new PagedSource<Row>({ pageSize: GRID_PAGE_SIZE, marginPages: MARGIN_PAGES, keepPages: KEEP_PAGES }),
  );

  useEffect(
    () =>
      source.subscribe((change) => {
        if (change.kind === 'total') setTotal(change.total);
        else if (change.kind === 'rows')
          gridRef.current?.updateCells(cellsIn(region.current, change.first, change.first + change.count));
        // A failed page was toasted by the API client; its cells stay loading until the view moves.
      }),
    [source],
  );

  useEffect(() => {
    source.reset(fetcher);
    gridRef.current?.scrollTo(0, 0);
    gridRef.current?.updateCells(cellsIn(region.current, region.current.y, region.current.y + region.current.height));
    return () => source.cancelAll();
  }, [source, fetcher]);

  const seenRevision = useRef(revision);
  useEffect(() => {
    if (seenRevision.current === revision) return;
    seenRevision.current = revision;
    source.refetch();
  }, [source, revision]);

  const onVisibleRegionChanged = useCallback(
    (range: Rectangle) => {
      region.current = range;
      source.showRows(range.y, range.height);
    },
    [source],
  );

  const rowAt = useCallback((index: number) => source.rowAt(index), [source]);
  const heldRows = useCallback(() => pagesAsRows(source.heldPages(), GRID_PAGE_SIZE, source.total ?? 0), [source]);
  const fetchRows = useCallback(
    (from: number, to: number, options: Omit<RowRangeOptions<Row>, 'pageSize' | 'known'> = {}) =>
      fetchRowRange(fetcher, from, to, { ...options, pageSize: BULK_PAGE_SIZE, known: (index) => source.rowAt(index) }),
    [fetcher, source],
  );

  return { gridRef, total, rowAt, onVisibleRegionChanged, heldRows, fetchRows };
}
