import type { ExportTable, ExportValue } from './exportTable.ts';
import { writePdf } from './pdfWriter.ts';
import { writeXlsx } from './xlsxWriter.ts';

/** The formats laid out from the whole table at once, in the export worker. */
export type TableFormat = 'pdf' | 'xlsx';

/** Progress of a file being written: a PDF's pages drawn so far, of all its pages. */
export type WriteProgress = (drawn: number, pages: number) => void;

/** What the page tells the export worker: the table's head, its rows a page at a time, the end. */
export type ExportJobMessage =
  | { kind: 'start'; format: TableFormat; title: string; columns: ExportTable['columns'] }
  | { kind: 'rows'; rows: ExportValue[][] }
  | { kind: 'finish' };

export type ExportJobReply =
  { kind: 'page'; drawn: number; pages: number } | { kind: 'done'; file: Blob } | { kind: 'failed'; message: string };

/**
 * A file written from rows handed over a page at a time, in the page or in a worker: `finish`
 * answers the file's bytes (without a MIME type: the caller names it), `abandon` drops it.
 */
export interface TableFileWriter {
  add(rows: ExportValue[][]): void;
  finish(): Promise<Blob>;
  abandon(): void;
}

/** Makes the writer of one file; the page's is the export worker (`writeInWorker.ts`). */
export type TableFileWriterOf = (
  format: TableFormat,
  title: string,
  columns: ExportTable['columns'],
  onPage?: WriteProgress,
) => TableFileWriter;

/** The file's bytes from the whole table. `onPage` hears a PDF's pages as they are drawn. */
async function writeTableFile(format: TableFormat, table: ExportTable, onPage?: WriteProgress): Promise<Blob> {
  return format === 'pdf' ? new Blob([writePdf(table, onPage)]) : writeXlsx(table);
}

/** The writer that works where it is called (in the export worker, in Node's tests): rows kept, the file written at the end. */
export const tableFileWriterHere: TableFileWriterOf = (format, title, columns, onPage) => {
  const table: ExportTable = { title, columns, rows: [] };
  return {
    add: (rows) => {
      for (const row of rows) table.rows.push(row);
    },
    finish: () => writeTableFile(format, table, onPage),
    abandon: () => {
      table.rows = [];
    },
  };
};
