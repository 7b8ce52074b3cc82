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
  switch (column.kind) {
    case 'text':
      return column.value(row) ?? '';
    case 'integer': {
      const value = column.value(row);
      return value === null ? '' : String(value);
    }
    case 'money': {
      const value = column.value(row);
      return value === null ? '' : formatCents(value);
    }
    case 'date': {
      const value = column.value(row);
      return value === null ? '' : formatDay(value);
    }
  }
}

/** A file name from the title the biller typed: characters file systems refuse are replaced. */
export function fileNameOf(title: string, extension: string): string {
  const printable = [...title.trim()].map((char) => (char.charCodeAt(0) < 32 ? '_' : char)).join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, '_') || 'Export';
  return `${base}.${extension}`;
}
