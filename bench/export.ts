import { fileURLToPath } from 'node:url';
import { writeCsv } from '../src/export/csvWriter.ts';
import { exportTableOf } from '../src/export/exportTable.ts';
import { writePdf } from '../src/export/pdfWriter.ts';
import { writeXlsx } from '../src/export/xlsxWriter.ts';
import { CLAIM_COLUMNS } from '../src/features/claims/claimColumns.ts';
import { syntheticClaim } from './grid/syntheticClaims.ts';
import { print, time, timeSync } from './stats.ts';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const COLUMNS = CLAIM_COLUMNS.flatMap((column) => column.exportAs);

/**
 * The export writers on 100,000 claims, run in Node (the same pure functions the browser runs;
 * Node's V8 is the browser's engine, without the page's other work). The export as the biller
 * runs it, fetching included, is timed in the browser (exportBrowser.ts).
 */
export async function benchExport(): Promise<void> {
  const rows = Array.from({ length: ROWS }, (_, index) => syntheticClaim(index));
  let csv = '';
  const csvMs = timeSync(() => {
    csv = writeCsv(rows, COLUMNS);
  });
  print({ bench: 'export writer: CSV (Node)', rows: ROWS, ms: Math.round(csvMs), bytes: csv.length });
  const table = exportTableOf(rows, COLUMNS, 'All Claims');
  let xlsxBytes = 0;
  const xlsxMs = await time(async () => {
    xlsxBytes = (await writeXlsx(table)).size;
  });
  print({ bench: 'export writer: xlsx (Node)', rows: ROWS, ms: Math.round(xlsxMs), bytes: xlsxBytes });
  let pdfBytes = 0;
  let pages = 0;
  const pdfMs = timeSync(() => {
    pdfBytes = writePdf(table, (_, of) => (pages = of)).byteLength;
  });
  print({ bench: 'export writer: PDF (Node)', rows: ROWS, pages, ms: Math.round(pdfMs), bytes: pdfBytes });
}

// `npx tsx bench/export.ts` runs this one alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) await benchExport();
