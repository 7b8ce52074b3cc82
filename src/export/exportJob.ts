import type { ExportTable } from './exportTable.ts';
import { writePdf } from './pdfWriter.ts';
import { writeXlsx } from './xlsxWriter.ts';

/** A file the export worker writes: the formats laid out from the whole table at once. */
export interface ExportJob {
  format: 'pdf' | 'xlsx';
  table: ExportTable;
}

export type ExportJobReply = { kind: 'page'; drawn: number; pages: number } | { kind: 'done'; file: Blob } | { kind: 'failed'; message: string };

/** The file's bytes (without a MIME type: the caller names it). `onPage` hears a PDF's pages as they are drawn. */
export async function writeJob(job: ExportJob, onPage?: (drawn: number, pages: number) => void): Promise<Blob> {
  return job.format === 'pdf' ? new Blob([writePdf(job.table, onPage)]) : writeXlsx(job.table);
}
