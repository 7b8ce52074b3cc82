import { nearestFirst, pageOfRow, pagesToDrop, wantedPages } from './pageMath.ts';

export interface Page<Row> {
  total: number;
  rows: readonly Row[];
}

/** Loads page `pageIndex` (from 0) of `pageSize` rows; must stop when `signal` aborts. */
export type PageFetcher<Row> = (pageIndex: number, pageSize: number, signal: AbortSignal) => Promise<Page<Row>>;

export type SourceChange =
  | { kind: 'total'; total: number }
  | { kind: 'rows'; first: number; count: number }
  | { kind: 'failed'; pageIndex: number; error: unknown };

export interface PagedSourceOptions {
  pageSize: number;
  /** Pages loaded ahead of and behind the visible rows. */
  marginPages: number;
  /** Pages kept beyond the margin before they are dropped. */
  keepPages: number;
  /**
   * Most pages loading at once. A scrollbar drag across a million rows passes thousands of pages;
   * the server should only ever work on the few the biller may still see (default 3).
   */
  maxLoads?: number;
}

export type SourceListener = (change: SourceChange) => void;

/**
 * A grid's rows fetched page by page (ARCHITECTURE: a grid never loads a whole table). It holds
 * only the pages near the visible rows, cancels loads that scrolled out of reach, and ignores
 * replies of a query that has since been replaced (reset). No DOM, no React: unit-tested as is.
 */
export class PagedSource<Row> {
  private readonly pages = new Map<number, readonly Row[]>();
  private readonly loading = new Map<number, AbortController>();
  /** Pages that failed for the current view; retried once the view moves. */
  private readonly failed = new Set<number>();
  private readonly listeners = new Set<SourceListener>();
  private fetcher: PageFetcher<Row> | null = null;
  private generation = 0;
  private first = 0;
  private count = 0;
  private totalRows: number | null = null;

  constructor(private readonly options: PagedSourceOptions) {}

  /** Tells `listener` about new totals, arrived rows and failed pages; returns the unsubscribe. */
  subscribe(listener: SourceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Rows in the table, or null until the first page of the current query arrives. */
  get total(): number | null {
    return this.totalRows;
  }

  rowAt(index: number): Row | undefined {
    const { pageSize } = this.options;
    return this.pages.get(pageOfRow(index, pageSize))?.[index % pageSize];
  }

  heldPages(): number[] {
    return [...this.pages.keys()].sort((a, b) => a - b);
  }

  loadingPages(): number[] {
    return [...this.loading.keys()].sort((a, b) => a - b);
  }

  /** The grid shows rows [first, first + count): load what is near, drop what is far. */
  showRows(first: number, count: number): void {
    if (first !== this.first || count !== this.count) this.failed.clear();
    this.first = first;
    this.count = count;
    this.sync();
  }

  /** A new query (sort, search): forget every row and start again from the top. */
  reset(fetcher: PageFetcher<Row>): void {
    this.cancelAll();
    this.generation += 1;
    this.fetcher = fetcher;
    this.pages.clear();
    this.failed.clear();
    this.totalRows = null;
    this.first = 0;
    this.sync();
  }

  /**
   * The same query read again where the biller is (after a command changed rows): pages in view
   * are fetched anew and the others forgotten; the position and the total stay until new ones come.
   */
  refetch(): void {
    this.cancelAll();
    this.generation += 1;
    this.pages.clear();
    this.failed.clear();
    this.sync();
  }

  /** Cancels loads in flight (the grid went away); a later reset starts afresh. */
  cancelAll(): void {
    for (const controller of this.loading.values()) controller.abort();
    this.loading.clear();
  }

  private emit(change: SourceChange): void {
    for (const listener of this.listeners) listener(change);
  }

  private sync(): void {
    const { pageSize, marginPages, keepPages } = this.options;
    const wanted = wantedPages(this.first, this.count, pageSize, marginPages, this.totalRows);
    for (const [page, controller] of this.loading) {
      if (!wanted.includes(page)) {
        controller.abort();
        this.loading.delete(page);
      }
    }
    for (const page of pagesToDrop(this.pages.keys(), wanted, keepPages)) this.pages.delete(page);
    const maxLoads = this.options.maxLoads ?? 3;
    for (const page of nearestFirst(wanted, pageOfRow(this.first, pageSize))) {
      if (this.loading.size >= maxLoads) break;
      if (!this.pages.has(page) && !this.loading.has(page) && !this.failed.has(page)) this.load(page);
    }
  }

  private load(pageIndex: number): void {
    const fetcher = this.fetcher;
    if (fetcher === null) return;
    const controller = new AbortController();
    const generation = this.generation;
    this.loading.set(pageIndex, controller);
    const current = () => generation === this.generation && !controller.signal.aborted;
    fetcher(pageIndex, this.options.pageSize, controller.signal).then(
      (page) => {
        if (!current()) return;
        this.loading.delete(pageIndex);
        this.pages.set(pageIndex, page.rows);
        const totalChanged = page.total !== this.totalRows;
        this.totalRows = page.total;
        if (totalChanged) this.emit({ kind: 'total', total: page.total });
        this.emit({ kind: 'rows', first: pageIndex * this.options.pageSize, count: page.rows.length });
        // The total decides which pages exist, and a freed load slot may start a waiting page.
        this.sync();
      },
      (error: unknown) => {
        if (!current()) return;
        this.loading.delete(pageIndex);
        this.failed.add(pageIndex);
        this.emit({ kind: 'failed', pageIndex, error });
        this.sync();
      },
    );
  }
}
