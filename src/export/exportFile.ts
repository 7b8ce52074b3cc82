import { dateFormatter, fileNameOf, type ExportColumn } from './exportColumns.ts';

export const EXPORT_FORMATS = ['csv', 'pdf', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', pdf: 'PDF', xlsx: 'Spreadsheet (.xlsx)' };

/**
 * Most rows per format. A browser holds every row while it writes the file; a PDF past a few
 * hundred pages is printed by nobody and takes minutes to lay out.
 */
export const EXPORT_ROW_LIMITS: Record<ExportFormat, number> = { csv: 200_000, xlsx: 100_000, pdf: 10_000 };

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** Rows in, a named file out, in the chosen format. The writers load on first use: they are large. */
export async function writeExport<Row>(format: ExportFormat, rows: readonly Row[], columns: readonly ExportColumn<Row>[], title: string): Promise<ExportedFile> {
  const fileName = fileNameOf(title, format);
  switch (format) {
    case 'csv': {
      const { writeCsv } = await import('./csvWriter.ts');
      // A byte-order mark so Excel reads the UTF-8 names right.
      return { blob: new Blob(['\uFEFF', writeCsv(rows, columns)], { type: MIME.csv }), fileName };
    }
    case 'pdf': {
      const { writePdf } = await import('./pdfWriter.ts');
      return { blob: new Blob([writePdf(rows, columns, title)], { type: MIME.pdf }), fileName };
    }
    case 'xlsx': {
      const { writeXlsx } = await import('./xlsxWriter.ts');
      return { blob: new Blob([await writeXlsx(rows, columns, title)], { type: MIME.xlsx }), fileName };
    }
  }
}

/**
 * The same file from rows that arrive a page at a time. A CSV is written page by page as the
 * pages come, while the next is fetched; the other formats lay out the whole table at the end.
 */
export async function writeExportFromPages<Row>(format: ExportFormat, pages: AsyncIterable<readonly Row[]>, columns: readonly ExportColumn<Row>[], title: string): Promise<ExportedFile> {
  if (format === 'csv') {
    const { csvHeader, csvLines } = await import('./csvWriter.ts');
    const formatDay = dateFormatter();
    // Each page's text becomes bytes as soon as it is written, while the next page is on its way:
    // encoding 20 MB of text in one Blob at the end took 430 ms, and the strings stayed in memory.
    const parts = [new Blob(['\uFEFF', csvHeader(columns)])];
    for await (const rows of pages) if (rows.length > 0) parts.push(new Blob(['\r\n', csvLines(rows, columns, formatDay)]));
    return { blob: new Blob(parts, { type: MIME.csv }), fileName: fileNameOf(title, format) };
  }
  let all: Row[] = [];
  for await (const rows of pages) all = all.concat(rows);
  return writeExport(format, all, columns, title);
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
