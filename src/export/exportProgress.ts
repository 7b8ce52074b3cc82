import type { ExportFormat } from './exportFile.ts';

const FILE_NAMES: Record<ExportFormat, string> = { csv: 'CSV', pdf: 'PDF', xlsx: 'spreadsheet' };
const count = (value: number) => value.toLocaleString('en-US');

/**
 * The progress toast's text while rows are fetched. A CSV is written as they come; a PDF or
 * spreadsheet is laid out once the last has come, which takes seconds for 100,000 rows.
 */
export function fetchProgressText(format: ExportFormat, done: number, of: number, noun: string): string {
  if (format !== 'csv' && of > 0 && done >= of) return `Writing the ${FILE_NAMES[format]}…`;
  return `Exporting ${count(done)} of ${count(of)} ${noun}…`;
}

/** The toast's text (short: the toast shows about 30 characters) while a PDF's pages are drawn, then compressed. */
export function pdfProgressText(drawn: number, pages: number): string {
  return drawn < pages ? `PDF page ${count(drawn)} of ${count(pages)}…` : `Compressing ${count(pages)} pages…`;
}
