import { MAX_TABLE_PAGE_SIZE, type ClaimSearchRow } from '../../../contract/claims.ts';
import { getAllClaimsSearchTableData } from '../../api/claims.ts';
import type { CommandSource } from '../../console/types.ts';
import type { ExportColumn } from '../../export/exportColumns.ts';
import { downloadFile, EXPORT_ROW_LIMITS, writeExportFromPages, type ExportFormat } from '../../export/exportFile.ts';
import { fetchProgressText, pdfProgressText } from '../../export/exportProgress.ts';
import { shownColumns } from '../../grid/columnLayout.ts';
import { showToast } from '../../toasts/notify.tsx';
import { claimColumn } from './claimColumns.ts';
import { claimExportPages } from './claimExportPages.ts';
import { claimsGrid } from './claimsGridStore.ts';

const PROGRESS_TOAST = 'claims-export-progress';

/** The grid's shown columns, in the biller's order, as export columns. */
function exportColumns(): ExportColumn<ClaimSearchRow>[] {
  return shownColumns(claimsGrid.columns).flatMap((column) => claimColumn(column.id)?.exportAs ?? []);
}

/**
 * Exports the claims grid as it is on screen (its columns, sort and search), every matching row
 * and not only the loaded ones, reading the server's table variant a page at a time with a
 * progress toast. Ends with the spec's 'Export successful.' or 'Export error.'.
 */
export async function exportClaims(format: ExportFormat, title: string, source: CommandSource): Promise<void> {
  const total = claimsGrid.total ?? 0;
  const limit = EXPORT_ROW_LIMITS[format];
  if (total > limit) {
    showToast({
      text: `Export error.`,
      detail: `At most ${limit.toLocaleString('en-US')} rows go into one file of this kind; narrow the search first.`,
      toastType: 'error',
    });
    return;
  }
  const sort = { sortColumn: claimsGrid.sort.column, sortOrder: claimsGrid.sort.order };
  const filter = { ...claimsGrid.filter };
  const progress = (done: number, of = total) =>
    showToast({ text: fetchProgressText(format, done, of, 'claims'), toastType: 'info', id: PROGRESS_TOAST });
  try {
    progress(0);
    const pages = claimExportPages(
      (after) =>
        getAllClaimsSearchTableData(
          { ...sort, ...filter, pageSize: MAX_TABLE_PAGE_SIZE, after },
          { background: true, silent: true, source },
        ),
      MAX_TABLE_PAGE_SIZE,
      progress,
    );
    const writing = (drawn: number, pages: number) =>
      showToast({ text: pdfProgressText(drawn, pages), toastType: 'info', id: PROGRESS_TOAST });
    downloadFile(await writeExportFromPages(format, pages, exportColumns(), title, { onWrite: writing }));
    showToast({ text: 'Export successful.', toastType: 'success', id: PROGRESS_TOAST });
  } catch (thrown) {
    console.error('Export failed', thrown);
    showToast({ text: 'Export error.', toastType: 'error', id: PROGRESS_TOAST });
  }
}
