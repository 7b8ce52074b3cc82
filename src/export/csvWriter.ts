import Papa from 'papaparse';
import { dateFormatter, textOf, type ExportColumn } from './exportColumns.ts';

/** CSV with a header row and every field quoted (SPEC: "CSV export uses quotes"). */
export function writeCsv<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[]): string {
  const formatDay = dateFormatter();
  const data = rows.map((row) => columns.map((column) => textOf(column, row, formatDay)));
  return Papa.unparse({ fields: columns.map((column) => column.title), data }, { quotes: true, newline: '\r\n' });
}
