import Papa from 'papaparse';
import { dateFormatter, textOf, type ExportColumn } from './exportColumns.ts';

const CSV_OPTIONS = { quotes: true, newline: '\r\n' } as const;

/** The header line, without a line break after it. */
export function csvHeader<Row>(columns: readonly ExportColumn<Row>[]): string {
  return Papa.unparse([columns.map((column) => column.title)], CSV_OPTIONS);
}

/**
 * Rows as CSV lines, without a header or a final line break: an export writes one such piece per
 * page while the next page is on its way, and joins the pieces with line breaks.
 */
export function csvLines<Row>(
  rows: readonly Row[],
  columns: readonly ExportColumn<Row>[],
  formatDay = dateFormatter(),
): string {
  return Papa.unparse(
    rows.map((row) => columns.map((column) => textOf(column, row, formatDay))),
    CSV_OPTIONS,
  );
}

/** CSV with a header row and every field quoted (SPEC: "CSV export uses quotes"). */
export function writeCsv<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[]): string {
  return rows.length === 0 ? csvHeader(columns) : `${csvHeader(columns)}\r\n${csvLines(rows, columns)}`;
}
