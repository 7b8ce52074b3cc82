import { cursorPages } from '../../export/cursorPages.ts';
import type { ExportColumn } from '../../export/exportColumns.ts';
import { downloadFile, EXPORT_ROW_LIMITS, writeExportFromPages, type ExportFormat } from '../../export/exportFile.ts';
import { fetchProgressText, pdfProgressText } from '../../export/exportProgress.ts';
import { showToast } from '../../toasts/notify.tsx';
import { reportParams, reportSort } from './reportState.ts';
import type { ReportColumn, ReportDefinition, ReportPage } from './types.ts';

const PROGRESS_TOAST = 'report-export-progress';

/** A report column as an export column: the same value, typed for the writers. */
export function exportColumnOf<Row>(column: ReportColumn<Row>): ExportColumn<Row> {
  const { title, value } = column;
  switch (column.kind) {
    case 'text':
      return { title, kind: 'text', value: (row) => nullable(value(row), String) };
    case 'date':
      return { title, kind: 'date', value: (row) => nullable(value(row), String) };
    case 'integer':
      return { title, kind: 'integer', value: (row) => nullable(value(row), Number) };
    case 'money':
      return { title, kind: 'money', value: (row) => nullable(value(row), Number) };
  }
}

function nullable<T>(value: string | number | null, as: (value: string | number) => T): T | null {
  return value === null ? null : as(value);
}

/**
 * Every row of the report under its parameters and sort, not only the rows loaded, read a page at
 * a time by page number (the next asked for while the last is written), then its totals row.
 */
export async function* reportRowPages<Row>(
  definition: ReportDefinition<Row>,
  onProgress: (done: number, of: number) => void = () => undefined,
): AsyncGenerator<readonly Row[]> {
  const params = reportParams(definition as ReportDefinition<unknown>);
  const sort = reportSort(definition as ReportDefinition<unknown>);
  const pageSize = definition.exportPageSize ?? 500;
  let done = 0;
  let totals: Row | null = null;
  const pages = cursorPages<ReportPage<Row> & { pageNumber: number }>(
    async (previous) => {
      const pageNumber = (previous?.pageNumber ?? 0) + 1;
      const page = await definition.fetchPage(
        params,
        { pageNumber, pageSize, sortColumn: sort.column, sortOrder: sort.order },
        new AbortController().signal,
      );
      return { ...page, pageNumber };
    },
    (page) => page.rows.length < pageSize || page.pageNumber * pageSize >= page.total,
  );
  for await (const page of pages) {
    done += page.rows.length;
    totals = page.totals;
    onProgress(done, page.total);
    yield page.rows;
  }
  if (totals !== null) yield [totals];
}

/**
 * Exports the report as it is on screen (parameters, sort, columns), every matching row and its
 * totals, as a CSV, PDF or spreadsheet, with a progress toast; ends with 'Export successful.' or
 * 'Export error.' as the claims list's export does.
 */
export async function exportReport<Row>(
  definition: ReportDefinition<Row>,
  format: ExportFormat,
  title: string,
  total: number | null,
): Promise<void> {
  const limit = EXPORT_ROW_LIMITS[format];
  if (total !== null && total > limit) {
    showToast({
      text: 'Export error.',
      detail: `At most ${limit.toLocaleString('en-US')} rows go into one file of this kind; narrow the report first.`,
      toastType: 'error',
    });
    return;
  }
  const progress = (done: number, of: number) =>
    showToast({ text: fetchProgressText(format, done, of, 'rows'), toastType: 'info', id: PROGRESS_TOAST });
  try {
    progress(0, total ?? 0);
    const writing = (drawn: number, pages: number) =>
      showToast({ text: pdfProgressText(drawn, pages), toastType: 'info', id: PROGRESS_TOAST });
    const file = await writeExportFromPages(
      format,
      reportRowPages(definition, progress),
      definition.columns.map((column) => exportColumnOf(column)),
      title,
      { onWrite: writing },
    );
    downloadFile(file);
    showToast({ text: 'Export successful.', toastType: 'success', id: PROGRESS_TOAST });
  } catch (thrown) {
    console.error('Export failed', thrown);
    showToast({ text: 'Export error.', toastType: 'error', id: PROGRESS_TOAST });
  }
}
