import { notify } from '../toasts/notify.tsx';
import { copyText } from './clipboard.ts';
import type { RowRanges } from './rowSelection.ts';
import { toTsv } from './tsv.ts';

/** A clipboard is no place for a whole table: beyond this the biller is sent to export. */
export const COPY_ROW_LIMIT = 50_000;

export interface CopyColumn<Row> {
  title: string;
  text: (row: Row) => string;
}

export interface CopySource<Row> {
  total: number;
  fetchRows: (from: number, to: number) => Promise<Row[]>;
}

/**
 * Mod+C: the selected rows as TSV with a header row, rows not loaded yet fetched from the server.
 * Returns how many rows were copied (0 when refused).
 */
export async function copyRows<Row>(
  rows: RowRanges | 'all',
  columns: readonly CopyColumn<Row>[],
  source: CopySource<Row>,
): Promise<number> {
  const ranges: RowRanges = rows === 'all' ? [[0, source.total]] : rows;
  const count = ranges.reduce((sum, [start, end]) => sum + end - start, 0);
  if (count === 0) return 0;
  if (count > COPY_ROW_LIMIT) {
    notify.warning(
      `Too many rows to copy (${count.toLocaleString('en-US')}).`,
      `Copy at most ${COPY_ROW_LIMIT.toLocaleString('en-US')} rows, or export them.`,
    );
    return 0;
  }
  const text = Promise.all(ranges.map(([start, end]) => source.fetchRows(start, end))).then((found) =>
    toTsv(
      columns.map((column) => column.title),
      found.flat().map((row) => columns.map((column) => column.text(row))),
    ),
  );
  await copyText(text);
  return count;
}
