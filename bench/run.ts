import { benchClaimsList } from './claimsList.ts';
import { benchLargeClaimsList } from './claimsListLarge.ts';
import { benchExport } from './export.ts';
import { benchExportInBrowser } from './exportBrowser.ts';
import { benchFirstRows, benchGridScroll } from './grid.ts';
import { benchPalette } from './palette.ts';

// Figures, not verdicts: every benchmark prints JSON lines and none fails on time.
const claims = Number(process.env.BENCH_CLAIMS ?? 20_000);
await benchClaimsList('pglite', claims);
await benchClaimsList('postgres', claims);
await benchGridScroll();
await benchFirstRows(Number(process.env.BENCH_FIRST_ROWS_CLAIMS ?? 5_000));
await benchPalette();
await benchExport();
await benchExportInBrowser();
// Only with BENCH_LARGE_DATA_DIR or BENCH_LARGE_DATABASE_URL (a database seeded with e.g. a million claims).
await benchLargeClaimsList();
