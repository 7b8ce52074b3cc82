import { formatCents } from '../../contract/money.ts';
import { formatDate } from '../ui/format.ts';

/**
 * One column of an export. Values stay typed until the writer: money in cents, dates as
 * 'YYYY-MM-DD', so the spreadsheet gets numbers and dates and the CSV and PDF get the text the
 * biller reads on screen.
 */
export type ExportColumn<Row> =
  | { title: string; kind: 'text'; value: (row: Row) => string | null }
  | { title: string; kind: 'integer'; value: (row: Row) => number | null }
  | { title: string; kind: 'money'; value: (row: Row) => number | null }
  | { title: string; kind: 'date'; value: (row: Row) => string | null };

export type ExportKind = ExportColumn<unknown>['kind'];

/** Dates repeat a lot in a claims list; tempo's formatting is cached per distinct date. */
export function dateFormatter(): (iso: string) => string {
  const seen = new Map<string, string>();
  return (iso) => {
    let text = seen.get(iso);
    if (text === undefined) {
      text = formatDate(iso);
      seen.set(iso, text);
    }
    return text;
  };
}

/** The cell as text: en-US USD for money (e.g. -$1,234.50), MM/DD/YYYY for dates. */
export function textOf<Row>(column: ExportColumn<Row>, row: Row, formatDay: (iso: string) => string): string {
  return textOfValue(column.kind, column.value(row), formatDay);
}

/** A typed value as the text the biller reads on screen (money in cents, dates 'YYYY-MM-DD'). */
export function textOfValue(
  kind: ExportKind,
  value: string | number | null,
  formatDay: (iso: string) => string,
): string {
  if (value === null) return '';
  switch (kind) {
    case 'text':
      return String(value);
    case 'integer':
      return String(value);
    case 'money':
      return typeof value === 'number' ? formatCents(value) : value;
    case 'date':
      return typeof value === 'string' ? formatDay(value) : String(value);
  }
}

/** A file name from the title the biller typed: characters file systems refuse are replaced. */
export function fileNameOf(title: string, extension: string): string {
  const printable = [...title.trim()].map((char) => (char.charCodeAt(0) < 32 ? '_' : char)).join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, '_') || 'Export';
  return `${base}.${extension}`;
}
