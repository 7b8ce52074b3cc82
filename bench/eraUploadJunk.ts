import { request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SessionUser, SignInReply } from '../contract/auth.ts';
import { buildApp } from '../server/app.ts';
import { totpCode } from '../server/auth/totp.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../server/seed/demo-user.ts';
import { seedDemo } from '../server/seed/generator.ts';
import { print, summarise } from './stats.ts';

const SIZES_MB = (process.env.BENCH_ERA_JUNK_MB ?? '5,10,20').split(',').map(Number);
const ISA =
  'ISA*00*          *00*          *ZZ*SENDER         *ZZ*RECEIVER       *261120*0900*^*00501*000000001*0*P*:~\n';

/**
 * A valid ISA and then `megabytes` (10^6 characters) of what a wrong upload looks like: markup,
 * prose and binary-looking text with the ISA's segment terminator scattered through it, lines
 * ending in \n or \r\n, so nearly every piece is a segment that is not X12.
 */
export function junkEra(megabytes: number): string {
  const pieces = [
    '<tr><td class="x">not a remittance</td></tr>~\n',
    'lorem ipsum dolor sit amet~ consectetur adipiscing~\r\n',
    '%PDF-1.4 0 obj << /Length 42 >> stream~\n',
    'éàü ¤¶ 0x7f3a9c~~ ~\r\n',
    'SELECT * FROM claims;~\n',
  ];
  const target = Math.round(megabytes * 1_000_000);
  const parts: string[] = [ISA];
  let length = ISA.length;
  for (let index = 0; length < target; index++) {
    const piece = pieces[index % pieces.length] as string;
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('').slice(0, target);
}

interface Answer {
  status: number;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** node:http rather than fetch: a read held up for minutes must wait, not time out. */
function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${base}${path}`,
      {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/**
 * The claim reads run on a thread of their own, one after another, so that a read waiting on a
 * busy server is timed from when it was sent, as a second user would see it: in the bench's own
 * thread, a read could not even be sent while the server (same thread) is busy.
 */
function readerThread(base: string, path: string, headers: Record<string, string>) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let reading = false;
    let samples = [];
    let failed = [];
    // A read the server drops (a connection closed while it was too busy to read the request) is
    // timed to its failure and counted apart.
    const readOnce = () => new Promise((resolve) => {
      const started = performance.now();
      const fail = (why) => {
        failed.push(why);
        resolve(performance.now() - started);
      };
      http.get(workerData.base + workerData.path, { headers: workerData.headers, agent }, (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - started) : fail('status ' + response.statusCode)));
        response.on('error', (error) => fail(error.code || String(error)));
      }).on('error', (error) => fail(error.code || String(error)));
    });
    const loop = async () => {
      while (reading) samples.push(await readOnce());
      parentPort.postMessage({ samples, failed });
      samples = [];
      failed = [];
    };
    parentPort.on('message', (message) => {
      if (message === 'start') { reading = true; loop().catch((error) => parentPort.postMessage({ error: String(error) })); }
      if (message === 'stop') reading = false;
      if (message === 'close') { agent.destroy(); parentPort.close(); }
    });
  `;
  const worker = new Worker(code, { eval: true, workerData: { base, path, headers } });
  return {
    /** Reads over and over while `work` runs: their times in ms, and why those that failed failed. */
    async during(work: () => Promise<unknown>): Promise<{ samples: number[]; failed: string[] }> {
      const samples = new Promise<{ samples: number[]; failed: string[] }>((resolve, reject) =>
        worker.once('message', (message: { samples: number[]; failed: string[] } | { error: string }) =>
          'error' in message ? reject(new Error(message.error)) : resolve(message),
        ),
      );
      worker.postMessage('start');
      // The first read is on its way before the work starts.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await work();
      worker.postMessage('stop');
      return samples;
    },
    close: () => worker.terminate(),
  };
}

/**
 * A wrong file of 5, 10 and 20 MB uploaded to uploadERA on an embedded database while another
 * client reads a claim over and over: the upload's answer time, the status and the start of its
 * message, and the concurrent reads' p50/p95/max (a read stuck behind the upload shows as max).
 * Then a file over the upload limit, which is refused before it is read.
 */
export async function benchEraUploadJunk(): Promise<void> {
  const db = await openPglite();
  try {
    await migrate(db);
    await loadReferenceData(db);
    await seedDemo(db, { claims: 500 });
    const app = await buildApp({ db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const first = await call(
      base,
      'POST',
      '/api/Users/signIn',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    );
    const { challenge } = JSON.parse(first.body) as SignInReply;
    const query = new URLSearchParams({
      email: DEMO_EMAIL,
      challenge,
      passcode: totpCode(DEMO_TOTP_SECRET, Date.now()),
    });
    const second = await call(base, 'GET', `/api/Users/validatePasscode?${query}`, {});
    if (second.status !== 200) throw new Error(`sign-in: ${second.body}`);
    const headers = { authorization: `Bearer ${(JSON.parse(second.body) as SessionUser).token}` };
    const [claim] = await db.query<{ claimID: number; groupID: number }>(
      'SELECT claim_id AS "claimID", group_id AS "groupID" FROM claims ORDER BY claim_id LIMIT 1',
    );
    const readPath = `/api/Claims/getClaimInfoData?claimID=${claim?.claimID ?? 0}`;
    const read = await call(base, 'GET', readPath, headers);
    if (read.status !== 200) throw new Error(`claim read: ${read.status} ${read.body}`);
    const reader = readerThread(base, readPath, headers);
    print({
      bench: 'ERA junk upload: claim read alone (getClaimInfoData)',
      ...summarise((await reader.during(() => new Promise((resolve) => setTimeout(resolve, 1_000)))).samples.slice(5)),
    });

    const uploadPath = `/api/AddEditClaim/uploadERA?groupID=${claim?.groupID ?? 0}&fileName=junk.835`;
    const upload = async (text: string) => {
      let answered: { answer: Answer; ms: number } | null = null;
      const reads = await reader.during(async () => {
        const started = performance.now();
        const answer = await call(base, 'POST', uploadPath, { ...headers, 'content-type': 'text/plain' }, text);
        answered = { answer, ms: performance.now() - started };
      });
      const { answer, ms } = answered as unknown as { answer: Answer; ms: number };
      const message = (JSON.parse(answer.body) as { message?: string }).message ?? '';
      return { ms, status: answer.status, message, reads: summarise(reads.samples), failedReads: reads.failed };
    };
    for (const megabytes of SIZES_MB) {
      const text = junkEra(megabytes);
      const { ms, status, message, reads, failedReads } = await upload(text);
      print({
        bench: 'ERA junk upload: a valid ISA then junk, answered while a claim is read over and over',
        megabytes,
        bytes: Buffer.byteLength(text),
        uploadMs: Math.round(ms),
        status,
        message: message.length > 160 ? `${message.slice(0, 120)} … ${message.slice(-30)}` : message,
        concurrentReads: reads,
        failedReads,
      });
    }
    const over = junkEra(22);
    const { ms, status, message, reads, failedReads } = await upload(over);
    print({
      bench: 'ERA junk upload: a file over the upload limit',
      megabytes: 22,
      bytes: Buffer.byteLength(over),
      uploadMs: Math.round(ms),
      status,
      message,
      concurrentReads: reads,
      failedReads,
    });
    await reader.close();
    agent.destroy();
    await app.close();
  } finally {
    await db.close();
  }
}

// `npx tsx bench/eraUploadJunk.ts` runs this one alone (BENCH_ERA_JUNK_MB=5,10,20 by default).
if (process.argv[1] === fileURLToPath(import.meta.url)) await benchEraUploadJunk();
