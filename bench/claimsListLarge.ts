import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { claimSearchReplySchema, MAX_PAGE_SIZE, type ClaimSearchRow } from '../contract/claims.ts';
import { buildApp } from '../server/app.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Db } from '../server/db/types.ts';
import { PREPARED_SORTS, prepareListPositions } from '../server/services/claims/prepareListPositions.ts';
import { writeCsv } from '../src/export/csvWriter.ts';
import { CLAIM_COLUMNS } from '../src/features/claims/claimColumns.ts';
import { fetchRowRange } from '../src/grid/rowRange.ts';
import { signInDemo } from './signInDemo.ts';
import { print, summarise, time, timeSync } from './stats.ts';

/** Enough rounds that p95 is the 96th of 100 samples, not the slowest one. */
const ROUNDS = 100;

type App = Awaited<ReturnType<typeof buildApp>>;
/** A GET over a real socket (keep-alive, as the browser's), body read: what the grid waits for. */
type HttpGet = (path: string, query: Record<string, string>) => Promise<{ status: number; json: () => unknown }>;

async function listenForHttp(app: App, headers: Record<string, string>): Promise<HttpGet> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return async (path, query) => {
    const reply = await fetch(`${base}${path}?${new URLSearchParams(query).toString()}`, { headers });
    const body = await reply.text();
    return { status: reply.status, json: () => JSON.parse(body) as unknown };
  };
}

/** The seeded biller whose data role has one group of the two ('Lakeside Only'). */
const ONE_GROUP_BILLER = 'biller@demo.test';

/**
 * The claims list on an already seeded large database: BENCH_LARGE_DATA_DIR (PGlite; the
 * server's DATA_DIR, whose database is in `<dir>/pglite`, so seed it with
 * `DATA_DIR=<dir> npm run seed -- --claims 1000000`, or let largePglite.ts build it) or BENCH_LARGE_DATABASE_URL
 * (PostgreSQL). Prints the naive plan
 * (count(*) + OFFSET, what the list did before) beside the served one (cached total, keyset seek
 * from positions walked in the background): first page, a deep page, the last page; on the first
 * touch of a search, and once warm.
 */
export async function benchLargeClaimsList(
  target: { dataDir?: string | undefined; url?: string | undefined } = {
    dataDir: process.env.BENCH_LARGE_DATA_DIR,
    url: process.env.BENCH_LARGE_DATABASE_URL,
  },
): Promise<void> {
  const { dataDir, url } = target;
  if (!dataDir && !url) return;
  const engine = url ? 'postgres' : 'pglite';
  const db: Db = url ? await openPostgres(url) : await openPglite(`${dataDir}/pglite`);
  try {
    await migrate(db);
    const [{ claims } = { claims: 0 }] = await db.query<{ claims: number }>(
      'SELECT count(*)::bigint AS claims FROM claims',
    );
    const pageSize = 100;
    const lastPage = Math.ceil(claims / pageSize);
    const deepPage = Math.floor(lastPage * 0.61);

    // What the list did before: an exact count and OFFSET, every request.
    const naive = async (pageNumber: number) => {
      await db.query(
        'SELECT count(*)::bigint FROM claims c WHERE c.practice_id = ANY(SELECT practice_id FROM practices)',
      );
      await db.query(
        `SELECT c.claim_id FROM claims c WHERE c.practice_id = ANY(SELECT practice_id FROM practices)
          ORDER BY c.claim_id desc LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`,
      );
    };
    for (const [name, page] of [
      ['first page', 1],
      ['deep page', deepPage],
      ['last page', lastPage],
    ] as const) {
      const samples: number[] = [];
      for (let round = 0; round < 5; round += 1) samples.push(await time(() => naive(page)));
      print({ bench: `large claims list, naive count + OFFSET: ${name}`, engine, claims, ...summarise(samples) });
    }

    const app = await buildApp({ db });
    const headers = await signInDemo(app);
    const get = await listenForHttp(app, headers);
    const page = (pageNumber: number, sortColumn = 'claimID', sortOrder = 'desc') =>
      get('/api/Claims/getAllClaimsSearchData', {
        pageSize: String(pageSize),
        pageNumber: String(pageNumber),
        sortColumn,
        sortOrder,
      });
    for (const [sortColumn, sortOrder] of [
      ['claimID', 'desc'],
      ['patientName', 'asc'],
      ['balance', 'desc'],
    ] as const) {
      const first = await time(() => page(1, sortColumn, sortOrder));
      const last = await time(() => page(lastPage, sortColumn, sortOrder));
      // The first page starts the walk for positions; until it gets there a deep page seeks from
      // the furthest position found so far. Ask for a deep page every 250 ms until it is fast.
      const opened = performance.now();
      const deepWhileWalking: number[] = [];
      for (;;) {
        const ms = await time(() => page(deepPage, sortColumn, sortOrder));
        deepWhileWalking.push(Math.round(ms));
        if (ms < 60 || performance.now() - opened > 60_000) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      print({
        bench: 'large claims list, served: first touch of a search',
        engine,
        claims,
        sortColumn,
        sortOrder,
        firstPageMs: Math.round(first),
        lastPageMs: Math.round(last),
        deepPageMs: { first: deepWhileWalking[0], tries: deepWhileWalking.length },
        deepFastAfterMs: Math.round(performance.now() - opened),
      });
      for (const [name, pageNumber] of [
        ['first page', 1],
        ['deep page', deepPage],
        ['last page', lastPage],
      ] as const) {
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          // A different page each round near the target, as a scrollbar drag would ask.
          const target = Math.max(1, Math.min(lastPage, pageNumber - (round % 7) * 13));
          samples.push(await time(() => page(target, sortColumn, sortOrder)));
        }
        print({
          bench: `large claims list, served over HTTP: ${name}`,
          engine,
          claims,
          sortColumn,
          sortOrder,
          ...summarise(samples),
        });
      }
    }
    await benchOneGroupJump(app, engine, claims);
    await benchPreparedJumps(db, app, headers, engine, claims);
    await benchCommonFilters(db, get, engine, claims);
    await benchListVariants(db, app, headers, engine, claims);
    await benchExportFetch(app, headers, engine, claims);
    await benchBulkRun(app, headers, engine, claims);
    await app.close();
  } finally {
    await db.close();
  }
}

/**
 * A deep jump right after a new search by a biller whose data role has one group: the position
 * skip tests each index entry's practice, and only some of them count.
 */
async function benchOneGroupJump(app: App, engine: string, claims: number): Promise<void> {
  const headers = await signInDemo(app, ONE_GROUP_BILLER);
  const page = (pageNumber: number) =>
    app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchData',
      headers,
      query: { pageSize: '100', pageNumber: String(pageNumber), sortColumn: 'claimID', sortOrder: 'desc' },
    });
  let total = 0;
  const firstPageMs = await time(async () => {
    total = claimSearchReplySchema.parse((await page(1)).json()).total;
  });
  const deepPage = Math.floor(Math.ceil(total / 100) * 0.61);
  const deepPageMs = await time(() => page(deepPage));
  print({
    bench: 'large claims list, served: first touch, one-group biller',
    engine,
    claims,
    matching: total,
    firstPageMs: Math.round(firstPageMs),
    deepPage,
    deepPageMs: Math.round(deepPageMs),
  });
}

/**
 * A first jump 61% down into each sort, in both orders, once the walks a sign-in starts
 * (prepareListPositions.ts) have ended: what a biller who signed in a little while ago meets.
 */
async function benchPreparedJumps(
  db: Db,
  app: App,
  headers: Record<string, string>,
  engine: string,
  claims: number,
): Promise<void> {
  const practices = (
    await db.query<{ id: number }>('SELECT practice_id AS id FROM practices ORDER BY practice_id')
  ).map((row) => row.id);
  const waited = await time(() => prepareListPositions(db, { practiceIds: practices }));
  const deepPage = Math.floor(Math.ceil(claims / 100) * 0.61);
  const jumps: Record<string, number> = {};
  for (const [sortColumn, order] of PREPARED_SORTS) {
    for (const sortOrder of [order, order === 'asc' ? 'desc' : 'asc']) {
      jumps[`${sortColumn} ${sortOrder}`] = Math.round(
        await time(() =>
          app.inject({
            method: 'GET',
            url: '/api/Claims/getAllClaimsSearchData',
            headers,
            query: { pageSize: '100', pageNumber: String(deepPage), sortColumn, sortOrder },
          }),
        ),
      );
    }
  }
  print({
    bench: 'large claims list, served: first deep jump into each sort after the sign-in walks',
    engine,
    claims,
    waitedForWalksMs: Math.round(waited),
    deepPage,
    ms: jumps,
  });
}

/**
 * The first page and a deep page (61% of the way down) of the filters billers use most, each
 * under its own search: the first touch (its total is counted, then cached) and warm p50/p95.
 */
async function benchCommonFilters(db: Db, get: HttpGet, engine: string, claims: number): Promise<void> {
  const [some] = await db.query<{ practiceID: number; insuranceID: number; providerID: number }>(
    'SELECT practice_id AS "practiceID", insurance_id AS "insuranceID", provider_id AS "providerID" FROM claims WHERE insurance_id IS NOT NULL ORDER BY claim_id LIMIT 1',
  );
  const filters: [string, Record<string, string>][] = [
    ['name search SMITH', { search: 'SMITH' }],
    ['status Submitted or Accepted', { claimStatusIDs: '3,4' }],
    ['one practice', { practiceID: String(some?.practiceID ?? 1) }],
    [
      'one payer, by balance',
      { insuranceID: String(some?.insuranceID ?? 1), sortColumn: 'balance', sortOrder: 'desc' },
    ],
    ['one provider, by DOS', { providerID: String(some?.providerID ?? 1), sortColumn: 'dosFrom', sortOrder: 'desc' }],
    ['accounts receivable 31-60 days', { ar: 'true', agingBucket: '31-60' }],
    [
      'balance $100 to $500, by patient',
      { balanceMin: '10000', balanceMax: '50000', sortColumn: 'patientName', sortOrder: 'asc' },
    ],
  ];
  const pageSize = 100;
  for (const [name, filter] of filters) {
    const page = (pageNumber: number) =>
      get('/api/Claims/getAllClaimsSearchData', {
        ...filter,
        pageSize: String(pageSize),
        pageNumber: String(pageNumber),
      });
    let total = 0;
    const firstTouch = await time(async () => {
      total = claimSearchReplySchema.parse((await page(1)).json()).total;
    });
    const deepPage = Math.max(1, Math.floor(Math.ceil(total / pageSize) * 0.61));
    const first: number[] = [];
    const deep: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      first.push(await time(() => page(1)));
      deep.push(await time(() => page(Math.max(1, deepPage - (round % 7)))));
    }
    print({
      bench: `large claims list over HTTP, filter: ${name}`,
      engine,
      claims,
      matching: total,
      firstTouchMs: Math.round(firstTouch),
      firstPage: summarise(first),
      deepPage: { pageNumber: deepPage, ...summarise(deep) },
    });
  }
}

/**
 * The charge-level variant (first page and a deep page, unfiltered and for one practice) and the
 * IDs-only variant (one practice's claims in the 31-60 day bucket, under its 20,000 cap).
 */
async function benchListVariants(
  db: Db,
  app: App,
  headers: Record<string, string>,
  engine: string,
  claims: number,
): Promise<void> {
  const [some] = await db.query<{ practiceID: number }>(
    'SELECT practice_id AS "practiceID" FROM claims ORDER BY claim_id LIMIT 1',
  );
  const practice = { practiceID: String(some?.practiceID ?? 1) };
  const call = (name: string, query: Record<string, string>) =>
    app.inject({ method: 'GET', url: `/api/Claims/${name}`, headers, query });
  for (const [name, filter] of [
    ['all claims', {}],
    ['one practice', practice],
  ] as const) {
    const first: number[] = [];
    const deep: number[] = [];
    let lines = 0;
    for (let round = 0; round < 5; round += 1) {
      first.push(
        await time(
          async () =>
            (lines = (await call('getAllClaimsSearchChargeData', { ...filter, pageSize: '100' })).json<{
              total: number;
            }>().total),
        ),
      );
    }
    const deepPage = String(Math.max(1, Math.floor((lines / 100) * 0.61)));
    for (let round = 0; round < 5; round += 1)
      deep.push(
        await time(() => call('getAllClaimsSearchChargeData', { ...filter, pageSize: '100', pageNumber: deepPage })),
      );
    print({
      bench: `charge-level variant: ${name}`,
      engine,
      claims,
      lines,
      firstPage: summarise(first),
      deepPage: { pageNumber: Number(deepPage), ...summarise(deep) },
    });
  }
  const ids: number[] = [];
  let listed = 0;
  for (let round = 0; round < 5; round += 1) {
    ids.push(
      await time(
        async () =>
          (listed = (await call('getAllClaimsSearchClaimIDS', { ...practice, agingBucket: '31-60' })).json<{
            total: number;
          }>().total),
      ),
    );
  }
  print({ bench: 'IDs-only variant: one practice, 31-60 days', engine, claims, listed, ...summarise(ids) });
}

/**
 * A bulk note run over every claim a name search finds (at most the batch limit), with the
 * claims list asked for a page every 200 ms meanwhile: the run's rate, and how long a biller's
 * page waits while chunks of 500 claims are written.
 */
async function benchBulkRun(app: App, headers: Record<string, string>, engine: string, claims: number): Promise<void> {
  const search = process.env.BENCH_BULK_SEARCH ?? 'SMITH';
  const started = await app.inject({
    method: 'POST',
    url: '/api/Claims/saveBulkNotes',
    headers,
    payload: { query: { search }, noteTypeID: 1, text: 'Bench run.' },
  });
  const { jobID } = started.json<{ jobID: number }>();
  const pageWaits: number[] = [];
  const began = performance.now();
  let job: { status: string; total: number; done: number; ratePerSecond: number | null } = {
    status: 'queued',
    total: 0,
    done: 0,
    ratePerSecond: null,
  };
  while (job.status === 'queued' || job.status === 'running') {
    pageWaits.push(
      await time(() =>
        app.inject({
          method: 'GET',
          url: '/api/Claims/getAllClaimsSearchData',
          headers,
          query: { pageSize: '100', pageNumber: '3' },
        }),
      ),
    );
    job = (
      await app.inject({ method: 'GET', url: '/api/Jobs/getJob', headers, query: { jobID: String(jobID) } })
    ).json();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - began) / 1000;
  print({
    bench: 'bulk note run (chunks of 500) with the claims list asked every 200 ms',
    engine,
    claims,
    status: job.status,
    notes: job.done,
    seconds: Math.round(seconds * 10) / 10,
    claimsPerSecond: Math.round(job.done / seconds),
    listPageWhileRunning: summarise(pageWaits),
  });
}

/** The first 100,000 claims of the list fetched the way an export does (largest pages, 3 in flight), then written as CSV. */
async function benchExportFetch(
  app: App,
  headers: Record<string, string>,
  engine: string,
  claims: number,
): Promise<void> {
  const rows = Math.min(claims, 100_000);
  const page = async (pageIndex: number, pageSize: number) => {
    const reply = await app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchData',
      headers,
      query: { pageSize: String(pageSize), pageNumber: String(pageIndex + 1) },
    });
    return claimSearchReplySchema.parse(reply.json());
  };
  let fetched: ClaimSearchRow[] = [];
  const fetchMs = await time(async () => {
    fetched = await fetchRowRange(page, 0, rows, { pageSize: MAX_PAGE_SIZE, parallel: 3 });
  });
  const writeMs = timeSync(() =>
    writeCsv(
      fetched,
      CLAIM_COLUMNS.flatMap((column) => column.exportAs),
    ),
  );
  print({
    bench: 'export: CSV of 100,000 claims fetched through the API (app.inject), then written',
    engine,
    claims,
    rows: fetched.length,
    fetchMs: Math.round(fetchMs),
    writeMs: Math.round(writeMs),
  });
}

// `BENCH_LARGE_DATABASE_URL=… npx tsx bench/claimsListLarge.ts` runs this one alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) await benchLargeClaimsList();
