/** Export of the monthly summary as shown: CSV, PDF or spreadsheet, every row of the months and filters on screen. */
import type { CommandSource } from '../../console/types.ts';
import { downloadFile, writeExportFromPages, type ExportFormat } from '../../export/exportFile.ts';
import { showToast } from '../../toasts/notify.tsx';
import { getMonthlySummary } from './monthEndApi.ts';
import { monthEndOnScreen } from './monthEndOnScreen.ts';
import { monthEnd } from './monthEndText.ts';
import { SUMMARY_EXPORT_COLUMNS } from './summaryColumns.ts';

const PROGRESS_TOAST = 'monthly-summary-export';

/** Ends with the spec's 'Export successful.' or 'Export error.'. */
export async function exportMonthlySummary(format: ExportFormat, title: string, source: CommandSource): Promise<void> {
  const { groupID, fromMonth, toMonth, filters } = monthEndOnScreen;
  if (groupID === null) {
    showToast({ text: 'Export error.', detail: 'Open the monthly summary first.', toastType: 'error' });
    return;
  }
  const ids = (list: readonly number[]) => (list.length > 0 ? list.join(',') : null);
  try {
    showToast({ text: 'Exporting the monthly summary…', toastType: 'info', id: PROGRESS_TOAST });
    const practiceIDs = ids(filters.practiceIDs);
    const providerIDs = ids(filters.providerIDs);
    const facilityIDs = ids(filters.facilityIDs);
    async function* pages() {
      yield (
        await getMonthlySummary(
          {
            groupID,
            fromDate: fromMonth,
            toDate: monthEnd(toMonth),
            ...(practiceIDs ? { practiceIDs } : {}),
            ...(providerIDs ? { providerIDs } : {}),
            ...(facilityIDs ? { facilityIDs } : {}),
          },
          { source, silent: true },
        )
      ).rows;
    }
    downloadFile(await writeExportFromPages(format, pages(), SUMMARY_EXPORT_COLUMNS, title));
    showToast({ text: 'Export successful.', toastType: 'success', id: PROGRESS_TOAST });
  } catch (thrown) {
    console.error('Export failed', thrown);
    showToast({ text: 'Export error.', toastType: 'error', id: PROGRESS_TOAST });
  }
}
