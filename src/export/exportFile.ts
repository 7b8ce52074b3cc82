import { dateFormatter, fileNameOf, type ExportColumn } from './exportColumns.ts';
import type { TableFileWriterOf, WriteProgress } from './exportJob.ts';
import { exportHeadOf } from './exportTable.ts';
import { utf8Bytes } from './utf8Bytes.ts';
import { tableFileWriterInWorker } from './writeInWorker.ts';

export const EXPORT_FORMATS = ['csv', 'pdf', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV',
  pdf: 'PDF',
  xlsx: 'Spreadsheet (.xlsx)',
};

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

/** How a PDF or spreadsheet is written: its progress heard, and where (a test in Node writes it in place). */
export interface ExportWriting {
  onWrite?: WriteProgress;
  writerOf?: TableFileWriterOf;
}

/**
 * The file from rows that arrive a page at a time. A CSV is written page by page as the pages
 * come, while the next is fetched. A PDF or spreadsheet is laid out from the whole table at the
 * end, in the export worker, each page handed to it as it arrives.
 */
export async function writeExportFromPages<Row>(
  format: ExportFormat,
  pages: AsyncIterable<readonly Row[]>,
  columns: readonly ExportColumn<Row>[],
  title: string,
  { onWrite, writerOf = tableFileWriterInWorker }: ExportWriting = {},
): Promise<ExportedFile> {
  const fileName = fileNameOf(title, format);
  if (format === 'csv') {
    const { csvHeader, csvLines } = await import('./csvWriter.ts');
    const formatDay = dateFormatter();
    // Each page's text becomes bytes as soon as it is written, while the next page is on its way:
    // encoding 20 MB of text in one Blob at the end took 430 ms, and the strings stayed in memory.
    const parts = [new Blob(['\uFEFF', csvHeader(columns)])];
    for await (const rows of pages)
      if (rows.length > 0) parts.push(new Blob([utf8Bytes(`\r\n${csvLines(rows, columns, formatDay)}`)]));
    return { blob: new Blob(parts, { type: MIME.csv }), fileName };
  }
  const head = exportHeadOf(columns);
  const writer = writerOf(format, title, head, onWrite);
  try {
    for await (const rows of pages) writer.add(rows.map((row) => columns.map((column) => column.value(row))));
    return { blob: new Blob([await writer.finish()], { type: MIME[format] }), fileName };
  } catch (thrown) {
    writer.abandon();
    throw thrown;
  }
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
