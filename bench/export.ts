import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { SessionUser, SignInReply } from '../contract/auth.ts';
import { claimSearchReplySchema, MAX_PAGE_SIZE, type ClaimSearchRow } from '../contract/claims.ts';
import { buildApp } from '../server/app.ts';
import { totpCode } from '../server/auth/totp.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../server/seed/demo-user.ts';
import { seedDemo } from '../server/seed/generator.ts';
import { writeCsv } from '../src/export/csvWriter.ts';
import { writePdf } from '../src/export/pdfWriter.ts';
import { writeXlsx } from '../src/export/xlsxWriter.ts';
import { CLAIM_COLUMNS } from '../src/features/claims/claimColumns.ts';
import { fetchRowRange } from '../src/grid/rowRange.ts';
import { syntheticClaim } from './grid/syntheticClaims.ts';
import { print, time, timeSync } from './stats.ts';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const COLUMNS = CLAIM_COLUMNS.flatMap((column) => column.exportAs);

/**
 * The export writers on 100,000 claims, run in Node (the same pure functions the browser runs;
 * Node's V8 is the browser's engine, without the page's other work), then a CSV export the way
 * the browser makes it: every row fetched over HTTP from a real port in the server's largest
 * pages (three requests in flight), then written. PGlite, freshly seeded with BENCH_EXPORT_ROWS claims.
 */
export async function benchExport(): Promise<void> {
  const rows = Array.from({ length: ROWS }, (_, index) => syntheticClaim(index));
  let csv = '';
  const csvMs = timeSync(() => {
    csv = writeCsv(rows, COLUMNS);
  });
  print({ bench: 'export writer: CSV (Node)', rows: ROWS, ms: Math.round(csvMs), bytes: csv.length });
  let xlsxBytes = 0;
  const xlsxMs = await time(async () => {
    xlsxBytes = (await writeXlsx(rows, COLUMNS, 'All Claims')).size;
  });
  print({ bench: 'export writer: xlsx (Node)', rows: ROWS, ms: Math.round(xlsxMs), bytes: xlsxBytes });
  for (const pdfRows of [20_000, ROWS]) {
    let pdfBytes = 0;
    const pdfMs = timeSync(() => {
      pdfBytes = writePdf(rows.slice(0, pdfRows), COLUMNS, 'All Claims').byteLength;
    });
    print({ bench: 'export writer: PDF (Node)', rows: pdfRows, ms: Math.round(pdfMs), bytes: pdfBytes });
  }
  await benchCsvOverHttp();
}

async function benchCsvOverHttp(): Promise<void> {
  const db = await openPglite();
  const app = await buildApp({ db });
  try {
    await migrate(db);
    await loadReferenceData(db);
    await seedDemo(db, { claims: ROWS });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const first = await fetch(`${base}/Users/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }) });
    const { challenge } = (await first.json()) as SignInReply;
    const query = new URLSearchParams({ email: DEMO_EMAIL, challenge, passcode: totpCode(DEMO_TOTP_SECRET, Date.now()) });
    const session = (await (await fetch(`${base}/Users/validatePasscode?${query}`)).json()) as SessionUser;
    const headers = { authorization: `Bearer ${session.token}` };

    const page = async (pageIndex: number, pageSize: number) => {
      const params = new URLSearchParams({ pageNumber: String(pageIndex + 1), pageSize: String(pageSize), sortColumn: 'claimID', sortOrder: 'desc' });
      const reply = await fetch(`${base}/Claims/getAllClaimsSearchData?${params}`, { headers });
      return claimSearchReplySchema.parse(await reply.json());
    };
    const { total } = await page(0, 1);
    let fetched: ClaimSearchRow[] = [];
    let csv = '';
    const fetchMs = await time(async () => {
      fetched = await fetchRowRange(page, 0, total, { pageSize: MAX_PAGE_SIZE, parallel: 3 });
    });
    const writeMs = timeSync(() => {
      csv = writeCsv(fetched, COLUMNS);
    });
    print({
      bench: `export: CSV of every claim, fetched over HTTP (PGlite, pages of ${MAX_PAGE_SIZE}, 3 in flight) then written`,
      rows: fetched.length,
      fetchMs: Math.round(fetchMs),
      writeMs: Math.round(writeMs),
      totalMs: Math.round(fetchMs + writeMs),
      bytes: csv.length,
    });
  } finally {
    await app.close();
    if (app.server.listening) await once(app.server, 'close');
    await db.close();
  }
}
