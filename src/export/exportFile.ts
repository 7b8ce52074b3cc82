import { dateFormatter, fileNameOf, type ExportColumn } from './exportColumns.ts';
import { exportTableOf, type ExportTable } from './exportTable.ts';
import { writeInWorker } from './writeInWorker.ts';
import type { ExportJob } from './exportJob.ts';

export const EXPORT_FORMATS = ['csv', 'pdf', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', pdf: 'PDF', xlsx: 'Spreadsheet (.xlsx)' };

/**
 * Most rows per format: a browser holds every row while it writes a PDF or spreadsheet (100,000
 * claims make a PDF of about 2,000 pages).
 */
export const EXPORT_ROW_LIMITS: Record<ExportFormat, number> = { csv: 200_000, xlsx: 100_000, pdf: 100_000 };

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** Progress of a file being written: a PDF's pages drawn so far, of all its pages. */
export type WriteProgress = (drawn: number, pages: number) => void;

/**
 * A PDF or spreadsheet of the table: written in a worker in the browser, and right here in Node
 * (tests, benchmarks), where the writers load on first use: they are large.
 */
async function writeTable(format: ExportJob['format'], table: ExportTable, onWrite?: WriteProgress): Promise<ExportedFile> {
  const job = { format, table };
  const bytes = typeof Worker === 'undefined' ? await (await import('./exportJob.ts')).writeJob(job, onWrite) : await writeInWorker(job, onWrite);
  return { blob: new Blob([bytes], { type: MIME[format] }), fileName: fileNameOf(table.title, format) };
}

/**
 * The same file from rows that arrive a page at a time. A CSV is written page by page as the
 * pages come, while the next is fetched; the other formats keep each page's values and lay out
 * the whole table at the end.
 */
export async function writeExportFromPages<Row>(
  format: ExportFormat,
  pages: AsyncIterable<readonly Row[]>,
  columns: readonly ExportColumn<Row>[],
  title: string,
  onWrite?: WriteProgress,
): Promise<ExportedFile> {
  if (format === 'csv') {
    const { csvHeader, csvLines } = await import('./csvWriter.ts');
    const formatDay = dateFormatter();
    // Each page's text becomes bytes as soon as it is written, while the next page is on its way:
    // encoding 20 MB of text in one Blob at the end took 430 ms, and the strings stayed in memory.
    const parts = [new Blob(['\uFEFF', csvHeader(columns)])];
    for await (const rows of pages) if (rows.length > 0) parts.push(new Blob(['\r\n', csvLines(rows, columns, formatDay)]));
    return { blob: new Blob(parts, { type: MIME.csv }), fileName: fileNameOf(title, format) };
  }
  const table = exportTableOf([], columns, title);
  for await (const rows of pages) for (const row of rows) table.rows.push(columns.map((column) => column.value(row)));
  return writeTable(format, table, onWrite);
}

/** Hands the file to the browser's downloads. */
export function downloadFile({ blob, fileName }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; give the browser a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
