import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUS } from '../contract/claimStatus.ts';
import { totpCode } from './auth/totp.ts';
import { openPostgres } from './db/postgres.ts';
import type { Db } from './db/types.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TOTP_SECRET } from './seed/demo-user.ts';

const url = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL('..', import.meta.url));

interface Server {
  process: ChildProcess;
  base: string;
  output: () => string;
}

/**
 * Two real server processes on one PostgreSQL, as behind a load balancer: bulk runs and postings
 * go through both, one is killed (SIGKILL) in the middle of a run, and every claim is changed
 * exactly once.
 */
describe.skipIf(!url)('two server processes on one PostgreSQL', () => {
  const name = `mp_${randomBytes(5).toString('hex')}`;
  const databaseUrl = (() => {
    const target = new URL(url!);
    target.pathname = `/${name}`;
    return target.toString();
  })();
  let admin: Db;
  let db: Db;
  let dataDir: string;
  const servers: Server[] = [];
  let token = '';

  const start = async (port: number): Promise<Server> => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        TOTP_KEY: 'ab'.repeat(32),
        DEMO: '1',
        SEED_CLAIMS: '300',
        DATA_DIR: dataDir,
        WEB_ROOT: join(dataDir, 'no-web'),
        LOG_LEVEL: 'warn',
        PAYER_SIM: 'off',
        // Small, slow chunks so a run is still going when its process dies; short leases so the
        // other process takes it over within seconds.
        BULK_CHUNK_SIZE: '10',
        BULK_CHUNK_PAUSE_MS: '120',
        JOB_LEASE_SECONDS: '3',
        JOB_POLL_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const base = `http://127.0.0.1:${port}/api`;
    for (let attempt = 0; attempt < 240; attempt += 1) {
      try {
        if ((await fetch(`${base}/health`)).ok) return { process: child, base, output: () => output };
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The server on ${port} did not start:\n${output}`);
  };

  const call = async <T>(
    server: Server,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ) => {
    const address = new URL(`${server.base}/${path}`);
    for (const [key, value] of Object.entries(query ?? {})) address.searchParams.set(key, value);
    const reply = await fetch(address, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(typeof body === 'string'
          ? { 'content-type': 'text/plain' }
          : body
            ? { 'content-type': 'application/json' }
            : {}),
      },
      body: typeof body === 'string' ? body : body ? JSON.stringify(body) : undefined,
    });
    return { status: reply.status, json: (await reply.json()) as T };
  };

  beforeAll(async () => {
    admin = await openPostgres(url!, { max: 1 });
    await admin.exec(`CREATE DATABASE ${name}`);
    db = await openPostgres(databaseUrl, { max: 2 });
    dataDir = await mkdtemp(join(tmpdir(), 'two-processes-'));
    // The first loads the demo; the second starts on a database already in use.
    servers.push(await start(8761));
    servers.push(await start(8762));
    const first = await fetch(`${servers[0]!.base}/Users/signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    const { challenge } = (await first.json()) as { challenge: string };
    const query = new URLSearchParams({
      email: DEMO_EMAIL,
      challenge,
      passcode: totpCode(DEMO_TOTP_SECRET, Date.now()),
    });
    const second = await fetch(`${servers[0]!.base}/Users/validatePasscode?${query.toString()}`);
    ({ token } = (await second.json()) as { token: string });
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) server.process.kill('SIGKILL');
    await db?.close();
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('signs in on one process and is known to the other: the session lives in the database', async () => {
    expect(token).not.toBe('');
    const [a, b] = servers;
    expect((await call(a!, 'GET', 'Claims/getAllClaimsSearchData')).status).toBe(200);
    expect((await call(b!, 'GET', 'Claims/getAllClaimsSearchData')).status).toBe(200);
  });

  it('finishes bulk runs started on both after one process dies mid-run, each claim changed exactly once', async () => {
    const [a, b] = servers;
    const claims = await db.query<{ id: number }>('SELECT claim_id::int AS id FROM claims ORDER BY claim_id LIMIT 200');
    const ids = claims.map((row) => row.id);
    const [noteType] = await db.query<{ id: number }>(
      'SELECT note_type_id::int AS id FROM note_types ORDER BY 1 LIMIT 1',
    );
    const onA = await call<{ jobID: number }>(a!, 'POST', 'Claims/saveBulkNotes', {
      claimIDs: ids,
      noteTypeID: noteType!.id,
      text: 'Run started on the first process',
    });
    const onB = await call<{ jobID: number }>(b!, 'POST', 'Claims/saveBulkNotes', {
      claimIDs: ids.slice(0, 120),
      noteTypeID: noteType!.id,
      text: 'Run started on the second process',
    });
    expect([onA.status, onB.status]).toEqual([200, 200]);

    // Kill the first process once its run is under way, and not finished.
    const progress = async (jobID: number) =>
      (
        await db.query<{ done: number; status: string }>('SELECT done, status FROM bulk_jobs WHERE job_id = $1', [
          jobID,
        ])
      )[0]!;
    for (let wait = 0; wait < 200 && (await progress(onA.json.jobID)).done < 30; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    a!.process.kill('SIGKILL');
    expect((await progress(onA.json.jobID)).status).toBe('running');

    for (let wait = 0; wait < 300; wait += 1) {
      const both = await Promise.all([progress(onA.json.jobID), progress(onB.json.jobID)]);
      if (both.every((job) => job.status === 'done')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const finished = await db.query<{ status: string; done: number; total: number; lease_owner: string | null }>(
      'SELECT status, done, total, lease_owner FROM bulk_jobs WHERE job_id = ANY($1::bigint[]) ORDER BY job_id',
      [[onA.json.jobID, onB.json.jobID]],
    );
    expect(finished).toEqual([
      { status: 'done', done: 200, total: 200, lease_owner: null },
      { status: 'done', done: 120, total: 120, lease_owner: null },
    ]);
    // Every claim of a run either got its one note or is in the run's report with why, never both, never twice.
    for (const [jobID, text, count] of [
      [onA.json.jobID, 'Run started on the first process', 200],
      [onB.json.jobID, 'Run started on the second process', 120],
    ] as const) {
      const outcome = await db.query<{ claim_id: number; notes: number; failures: number }>(
        `SELECT c.claim_id::int,
                (SELECT count(*)::int FROM notes n WHERE n.claim_id = c.claim_id AND n.text = $2) AS notes,
                (SELECT count(*)::int FROM bulk_job_failures f WHERE f.job_id = $1 AND f.claim_id = c.claim_id) AS failures
           FROM claims c WHERE c.claim_id = ANY($3::bigint[])`,
        [jobID, text, ids.slice(0, count)],
      );
      expect(outcome).toHaveLength(count);
      expect(outcome.filter((claim) => claim.notes + claim.failures !== 1)).toEqual([]);
      expect(outcome.filter((claim) => claim.notes === 1).length).toBeGreaterThan(count / 2);
    }
  }, 120_000);

  it('posts one ERA check once when both processes are asked at the same moment', async () => {
    const b = servers[1]!;
    const eraDir = join(dataDir, 'era');
    const [file] = (await readdir(eraDir)).filter((entry) => entry.endsWith('.835'));
    const [group] = await db.query<{ id: number }>('SELECT group_id::int AS id FROM groups ORDER BY group_id LIMIT 1');
    const uploaded = await call<{ checks: { eraCheckID: number }[] }>(
      b,
      'POST',
      'AddEditClaim/uploadERA',
      await readFile(join(eraDir, file!), 'utf8'),
      {
        groupID: String(group!.id),
        fileName: file!,
      },
    );
    expect(uploaded.status).toBe(200);
    const eraCheckID = uploaded.json.checks[0]!.eraCheckID;
    // The killed process is gone: a third one takes its place behind the balancer.
    const c = await start(8763);
    servers.push(c);
    const post = (server: Server) =>
      call<{ message: string }>(server, 'GET', 'AddEditClaim/postInsurancePayment', undefined, {
        eraCheckID: String(eraCheckID),
        bypassWarningsID: '1',
      });
    const replies = await Promise.all([post(b), post(c)]);
    expect(replies.some((reply) => reply.status === 200)).toBe(true);
    // Each remit line paid once: no line has two payments, whichever process posted it.
    const lines = await db.query<{ line: number; n: number }>(
      `SELECT era_line_id::int AS line, count(*)::int AS n FROM ledger_entries
        WHERE era_check_id = $1 AND entry_type = 'insurance_payment' GROUP BY era_line_id`,
      [eraCheckID],
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.n > 1)).toEqual([]);
  }, 120_000);

  it("keeps each process's cached list counts right when another client changes claims", async () => {
    const c = servers[2]!;
    const voided = async () =>
      (
        await call<{ total: number }>(c, 'GET', 'Claims/getAllClaimsSearchData', undefined, {
          claimStatusID: String(CLAIM_STATUS.void),
          pageSize: '1',
        })
      ).json.total;
    const before = await voided();
    expect(await voided()).toBe(before);
    // Changed by another connection, not through this process: its cache keys on the database's change sequence.
    await db.query(
      `UPDATE claims SET claim_status_id = $1
        WHERE claim_id = (SELECT claim_id FROM claims WHERE claim_status_id <> $1 ORDER BY claim_id DESC LIMIT 1)`,
      [CLAIM_STATUS.void],
    );
    expect(await voided()).toBe(before + 1);
  });
  it("streams the end of a bulk run started on one process to the biller's stream on another", async () => {
    const [, b, c] = servers;
    const controller = new AbortController();
    const response = await fetch(`${c!.base}/Users/notificationStream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    // The stream is open once its first event (the unread count) has come.
    while (!received.includes('event: notifications')) received += (await reader.read()).value ?? '';
    const [noteType] = await db.query<{ id: number }>(
      'SELECT note_type_id::int AS id FROM note_types ORDER BY 1 LIMIT 1',
    );
    const [claim] = await db.query<{ id: number }>('SELECT claim_id::int AS id FROM claims ORDER BY claim_id LIMIT 1');
    const started = await call<{ jobID: number }>(b!, 'POST', 'Claims/saveBulkNotes', {
      claimIDs: [claim!.id],
      noteTypeID: noteType!.id,
      text: 'Run told on the other process',
    });
    expect(started.status).toBe(200);
    const wanted = `"link":{"type":"bulkJob","id":${started.json.jobID}}`;
    const deadline = Date.now() + 30_000;
    while (!received.includes(wanted) && Date.now() < deadline) {
      const next = await Promise.race([
        reader.read(),
        new Promise<{ value: undefined }>((resolve) => setTimeout(() => resolve({ value: undefined }), 1000)),
      ]);
      received += next.value ?? '';
    }
    controller.abort();
    expect(received).toContain(wanted);
    expect(received).toContain('Bulk run finished');
  }, 60_000);
});
