import { benchAging } from './aging.ts';
import { benchArDashboard } from './arDashboard.ts';
import { benchClaimsList } from './claimsList.ts';
import { benchLargeClaimsList } from './claimsListLarge.ts';
import { benchBuild837 } from './edi837.ts';
import { benchExport } from './export.ts';
import { benchExportInBrowser } from './exportBrowser.ts';
import { benchAcknowledgementRead } from './acknowledgements.ts';
import { benchEraRead } from './era.ts';
import { benchEraPosting } from './eraPosting.ts';
import { benchEraUploadJunk } from './eraUploadJunk.ts';
import { benchFirstRows, benchGridScroll } from './grid.ts';
import { benchLargePglite } from './largePglite.ts';
import { benchLoad } from './load.ts';
import { benchMoneyReports } from './moneyReports.ts';
import { benchMonthlySummary } from './monthlySummary.ts';
import { benchOrganisationSelection } from './organisationSelection.ts';
import { benchPalette } from './palette.ts';
import { benchPatientSearch } from './patientSearch.ts';
import { benchReadAudit } from './readAudit.ts';
import { benchScrub } from './scrub.ts';
import { benchStatementRun } from './statementRun.ts';
import { benchX12Read } from './x12.ts';

// Figures, not verdicts: every benchmark prints JSON lines and none fails on time.
const claims = Number(process.env.BENCH_CLAIMS ?? 20_000);
await benchClaimsList('pglite', claims);
await benchClaimsList('postgres', claims);
// Real sockets on PostgreSQL: the claims list and small postings beside a bare Fastify + pg endpoint.
await benchLoad();
// Read audit rows of concurrent reads: the shared writer against one insert per row.
await benchReadAudit();
await benchGridScroll();
await benchFirstRows(Number(process.env.BENCH_FIRST_ROWS_CLAIMS ?? 5_000));
await benchPalette();
// PostgreSQL: the screens with one facility picked in the organisation selector, beside its whole practice.
await benchOrganisationSelection(claims);
await benchExport();
await benchExportInBrowser();
await benchScrub();
benchBuild837();
benchX12Read();
benchEraRead();
benchAcknowledgementRead();
// A 5/10/20 MB wrong file uploaded while a claim is read over and over (embedded database).
await benchEraUploadJunk();
// Only with BENCH_LARGE_DATA_DIR or BENCH_LARGE_DATABASE_URL (a database seeded with e.g. a million claims).
await benchLargeClaimsList();
// Same databases: uploads and posts an 835 paying 5,000 of their submitted claims (it changes them).
await benchEraPosting();
// Only with BENCH_LARGE_PGLITE_CLAIMS: builds (once) and measures a large PGlite database.
await benchLargePglite();
// PostgreSQL only: the patient search screen at a million patients (BENCH_PATIENTS) beside bare SQL.
await benchPatientSearch();
// PostgreSQL only: a statement run of 10,000 patients (BENCH_STATEMENT_PATIENTS) as a bulk job.
await benchStatementRun();
// Only with BENCH_LARGE_DATABASE_URL (PostgreSQL) or BENCH_LARGE_DATA_DIR (PGlite): the monthly summary
// of one month, nothing locked and the months before it locked; the aging reports and the AR
// dashboard's widgets, each beside the bare SQL aggregate.
await benchMonthlySummary();
await benchAging();
await benchArDashboard();
// PostgreSQL, only with BENCH_LARGE_DATABASE_URL: the money and activity reports beside the bare SQL sum of the ledger.
await benchMoneyReports();
