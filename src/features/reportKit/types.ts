import type { ClaimFilter, ClaimFilterField } from '../../../contract/claims.ts';
import type { ExportKind } from '../../export/exportColumns.ts';

/**
 * The report parameters of SPEC point 3 a report may offer in its parameters bar. Every value is
 * text as the biller typed it (an id list "1,2", a date YYYY-MM-DD, dollars "12.50"): the report
 * turns them into its call's query in `fetchPage`, and the server checks them again.
 */
export type ReportParameterKind = 'ids' | 'id' | 'date' | 'dollars' | 'text' | 'choice';

export interface ReportParameter {
  /** The key in the report's parameters (and usually in its call's query): groupIDs, fromDate, fromBalance... */
  key: string;
  label: string;
  kind: ReportParameterKind;
  /** For 'choice': the values offered; the first is the default. */
  choices?: readonly { value: string; label: string }[];
  /** A short hint under the field, in the palette's step title. */
  hint?: string;
}

/** The parameters as text by key; a missing or empty key is not set. */
export type ReportParams = Readonly<Record<string, string>>;

export interface ReportSort {
  column: string;
  order: 'asc' | 'desc';
}

/**
 * One column of the grid, the export and the totals row. `value` is typed as the export writers
 * take it: cents for money, 'YYYY-MM-DD' for dates.
 */
export interface ReportColumn<Row> {
  id: string;
  title: string;
  width: number;
  kind: ExportKind;
  value: (row: Row) => string | number | null;
  /** The server's sort column, when the report sorts by this one ('S' on the column). */
  sortColumn?: string;
  /** Enter on this column's figure opens the claims behind it (the report's `drill`). */
  drills?: boolean;
}

export interface ReportPage<Row> {
  /** Rows matching, all pages. */
  total: number;
  rows: readonly Row[];
  /** Every matching row added up (the totals row), or null when the report has none. */
  totals: Row | null;
  /** A line said above the grid: what the figures mean, the day they were counted on. */
  note?: string;
}

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
  sortColumn: string;
  sortOrder: 'asc' | 'desc';
}

/** Where a drill lands: the claims list with these filters (the claims list's own, ClaimFilter). */
export interface DrillTarget {
  filter: Partial<ClaimFilter>;
  /** Names for the filter chips ("Payer: Aetna"). */
  labels?: Partial<Record<ClaimFilterField, string>>;
  /** Said in a toast when the list cannot hold exactly the claims behind the figure. */
  caveat?: string;
}

/**
 * A report screen described as data. The kit draws its title, parameters bar, grid (paged from
 * the server), totals row and key hints, and gives commands what they need to export it, drill
 * into it and expand its rows.
 */
export interface ReportDefinition<Row> {
  /** Stable: names the report's grid, its store entry and its commands' ids. */
  id: string;
  title: string;
  /** The screen's path (src/routing/paths.ts). */
  path: string;
  parameters: readonly ReportParameter[];
  /** The parameters a fresh screen starts with. */
  defaults: ReportParams;
  defaultSort: ReportSort;
  columns: readonly ReportColumn<Row>[];
  /** One page of rows, sorted and filtered by the server; must stop when `signal` aborts. */
  fetchPage: (params: ReportParams, page: PageRequest, signal: AbortSignal) => Promise<ReportPage<Row>>;
  /** Rows per request when an export reads every matching row (default 500). */
  exportPageSize?: number;
  /** The claims behind the figure in `columnId` of `row`, or null when it has none (a zero). */
  drill?: (row: Row, columnId: string, params: ReportParams) => Promise<DrillTarget | null>;
  /** Rows shown under `row` when the biller expands it (a patient's claims), or null when it has none. */
  expand?: {
    canExpand: (row: Row) => boolean;
    children: (row: Row, params: ReportParams, signal: AbortSignal) => Promise<readonly Row[]>;
    /** What to call the rows under it in a toast ("claims"). */
    noun: string;
  };
  /** A stable key of a row (expansions are kept by it across pages). */
  rowKey: (row: Row) => string;
}
