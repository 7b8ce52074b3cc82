import type { ExportColumn, ExportKind } from './exportColumns.ts';

/** A value as the writers take it: text, a count, cents, or a date as 'YYYY-MM-DD'. */
export type ExportValue = string | number | null;

/**
 * An export's rows as plain values, ready for a file writer: no functions in it, so it can be
 * handed to a worker as it is.
 */
export interface ExportTable {
  title: string;
  columns: { title: string; kind: ExportKind }[];
  rows: ExportValue[][];
}

/** The columns' titles and kinds, without the functions that read them from a row. */
export function exportHeadOf<Row>(columns: readonly ExportColumn<Row>[]): ExportTable['columns'] {
  return columns.map((column) => ({ title: column.title, kind: column.kind }));
}

export function exportTableOf<Row>(
  rows: readonly Row[],
  columns: readonly ExportColumn<Row>[],
  title: string,
): ExportTable {
  return {
    title,
    columns: exportHeadOf(columns),
    rows: rows.map((row) => columns.map((column) => column.value(row))),
  };
}
