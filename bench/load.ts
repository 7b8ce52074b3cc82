/**
 * Load on PostgreSQL over real sockets on 127.0.0.1: the claims list's first page at 10 and 50
 * connections, and 10 concurrent small postings (a 1-cent patient payment, each connection on a
 * claim of its own), each beside a bare Fastify + pg endpoint doing the same database work without
 * sessions, scope or audit, in the same run, phases alternating. Figures, not verdicts.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import { seedDemo } from '../server/seed/generator.ts';
import { claimListRowsSql } from '../server/services/claims/searchClaims.ts';
import { signInDemo } from './signInDemo.ts';
import { print } from './stats.ts';

const PHASE_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const WARM_UP_SECONDS = 1;

interface Target {
  port: number;
  method: 'GET' | 'POST';
  /** Path and body of the n-th connection's requests. */
  path: (connection: number) => string;
  body?: (connection: number) => string;
  headers: Record<string, string>;
}

interface LoadFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * CPU milliseconds per request: this process (the server under test and the load loops, the
   * same loops for both sides) and the PostgreSQL backends. On a machine others are using,
   * requests/s swing with their load; the work a request costs does not.
   */
  cpuMs: { node: number; database: number } | null;
}

/** Clock ticks spent so far by each of the bench's own database backends (Linux /proc; null elsewhere). */
type TicksOf = () => Promise<Map<number, number> | null>;

function backendTicks(db: { query: <Row>(sql: string) => Promise<Row[]> }): TicksOf {
  return async () => {
    const backends = await db.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name IN ('${APP_NAME}', '${BARE_NAME}')`,
    );
    const ticks = new Map<number, number>();
    for (const { pid } of backends) {
      try {
        // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        ticks.set(pid, Number(fields[11] ?? 0) + Number(fields[12] ?? 0));
      } catch {
        return null;
      }
    }
    return ticks;
  };
}

/** Ticks between two readings, over the backends alive at both. */
function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ticks] of after) spent += ticks - (before.get(pid) ?? ticks);
  return spent;
}

const APP_NAME = 'bench_load_app';
const BARE_NAME = 'bench_load_bare';

/** Linux reports process times in hundredths of a second (USER_HZ). */
const TICK_MS = 10;

function send(agent: Agent, target: Target, connection: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = target.body?.(connection);
    const call = request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: target.method,
        path: target.path(connection),
        agent,
        headers: { ...target.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (reply) => {
        reply.resume();
        reply.on('end', () => resolve(reply.statusCode ?? 0));
        reply.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

/** `connections` loops, each one request at a time on its own kept-alive socket, for the phase. */
async function load(target: Target, connections: number, seconds: number, ticks?: TicksOf): Promise<LoadFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const samples: number[] = [];
  let errors = 0;
  const ticksBefore = (await ticks?.()) ?? null;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const ends = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      while (performance.now() < ends) {
        const sent = performance.now();
        try {
          const status = await send(agent, target, connection);
          if (status !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        samples.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const ticksAfter = (await ticks?.()) ?? null;
  agent.destroy();
  const perRequest = (ms: number) => Math.round((ms / Math.max(1, samples.length)) * 1000) / 1000;
  const sorted = samples.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 100) / 100;
  return {
    requests: samples.length,
    perSecond: Math.round(samples.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    errors,
    cpuMs:
      ticksBefore === null || ticksAfter === null
        ? null
        : {
            node: perRequest((cpu.user + cpu.system) / 1000),
            database: perRequest(ticksBetween(ticksBefore, ticksAfter) * TICK_MS),
          },
  };
}

/** Bare, then the app, then both again; the better of each pair is reported (the machine's noise). */
async function compare(name: string, app: Target, bare: Target, connections: number, ticks: TicksOf): Promise<void> {
  await load(bare, connections, WARM_UP_SECONDS);
  await load(app, connections, WARM_UP_SECONDS);
  const runs = { app: [] as LoadFigures[], bare: [] as LoadFigures[] };
  for (let round = 0; round < 2; round += 1) {
    runs.bare.push(await load(bare, connections, PHASE_SECONDS, ticks));
    runs.app.push(await load(app, connections, PHASE_SECONDS, ticks));
  }
  const best = (figures: LoadFigures[]) => figures.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const ours = best(runs.app);
  const baseline = best(runs.bare);
  const cpuOf = (figures: LoadFigures) => (figures.cpuMs ? figures.cpuMs.node + figures.cpuMs.database : null);
  const ourCpu = cpuOf(ours);
  const bareCpu = cpuOf(baseline);
  print({
    bench: `load: ${name}`,
    connections,
    seconds: PHASE_SECONDS,
    app: ours,
    bare: baseline,
    ratio: Math.round((ours.perSecond / Math.max(1, baseline.perSecond)) * 100) / 100,
    // The bare endpoint's CPU per request over ours: the ratio a saturated machine would give.
    cpuRatio: ourCpu === null || bareCpu === null ? null : Math.round((bareCpu / ourCpu) * 100) / 100,
  });
}

export async function benchLoad(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    print({ bench: 'load', skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)' });
    return;
  }
  const claims = Number(process.env.BENCH_LOAD_CLAIMS ?? 20_000);
  const schema = `bench_load_${Date.now()}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres(url, { searchPath: schema, applicationName: APP_NAME });
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: `-c search_path=${schema}`,
    application_name: BARE_NAME,
  });
  const app = await buildApp({ db });
  const bare = Fastify({ logger: false });
  try {
    await migrate(db);
    await loadReferenceData(db);
    await seedDemo(db, { claims });
    await pool.query(
      'CREATE TABLE bench_postings (posting_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, claim_id bigint, amount_cents bigint)',
    );

    // The bare endpoints: the list's 100 rows, and a posting's insert and balance update in a transaction.
    // The same 100 rows with the same columns as the app's first page, without its session,
    // data role, count or audit.
    const FIRST_PAGE = claimListRowsSql('SELECT * FROM claims ORDER BY claim_id DESC LIMIT 100', 'c.claim_id DESC');
    bare.get('/bare/list', async () => (await pool.query<Record<string, unknown>>(FIRST_PAGE)).rows);
    bare.post<{ Body: { claimID: number } }>('/bare/post', async (req) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('INSERT INTO bench_postings (claim_id, amount_cents) VALUES ($1, 1)', [req.body.claimID]);
        await client.query('UPDATE claims SET balance_cents = balance_cents WHERE claim_id = $1', [req.body.claimID]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
      return { ok: true };
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as AddressInfo).port;
    const appPort = (app.server.address() as AddressInfo).port;

    const headers = await signInDemo(app);
    const ticks = backendTicks(admin);

    const list: Target = {
      port: appPort,
      method: 'GET',
      path: () => '/api/Claims/getAllClaimsSearchData?pageSize=100',
      headers,
    };
    const bareList: Target = { port: barePort, method: 'GET', path: () => '/bare/list', headers: {} };
    await compare('claims list first page (100 rows)', list, bareList, 10, ticks);
    await compare('claims list first page (100 rows)', list, bareList, 50, ticks);

    // Ten claims with a balance to pay a cent of, one per connection.
    const owing = await db.query<{ claimID: number; patientID: number }>(
      `SELECT claim_id::int AS "claimID", patient_id::int AS "patientID" FROM claims
        WHERE balance_cents > 5000 ORDER BY claim_id DESC LIMIT 10`,
    );
    if (owing.length < 10) throw new Error('The seeded claims have too few balances to post against.');
    const posting: Target = {
      port: appPort,
      method: 'POST',
      path: () => '/api/AddEditClaim/savePatientPayments',
      body: (n) => {
        const claim = owing[n % owing.length]!;
        return JSON.stringify({ patientID: claim.patientID, method: 'cash', claimID: claim.claimID, amount: 1 });
      },
      headers,
    };
    const barePosting: Target = {
      port: barePort,
      method: 'POST',
      path: () => '/bare/post',
      body: (n) => JSON.stringify({ claimID: owing[n % owing.length]!.claimID }),
      headers: {},
    };
    await compare('small postings (1-cent patient payment)', posting, barePosting, 10, ticks);
  } finally {
    await app.close();
    await bare.close();
    await pool.end();
    await db.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchLoad();
