/**
 * The browser tests' demo data, seeded once per run: a demo server started on an empty data folder
 * (migrations, reference codes, the demo's claims, its ERA files, its TOTP key) and stopped cleanly
 * leaves a template folder; the shared test server and each spec's own server start from a copy of
 * it, a pristine database of their own, in seconds where seeding takes the better part of a minute.
 *
 * The template is seeded with the demo clearinghouse off, so it holds no folder of its own: a
 * server started with it on sets it up in its own data folder. Nothing else in a data folder is
 * tied to the server that wrote it (ports and the payer simulator live in the process only).
 */
import { spawn } from 'node:child_process';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** How every browser-test demo server runs, the shared one and the specs' own. */
export const DEMO_SERVER_ENV = {
  SEED_CLAIMS: '300',
  LOG_LEVEL: 'warn',
  // Its own payer simulator on a free port: runs side by side never clash on 8095.
  PAYER_SIM_PORT: '0',
  // The demo clearinghouse would answer and post the submitted claims behind the tests' backs.
  DEMO_CLEARINGHOUSE: 'off',
} as const;

/** Settings that change what a server seeds or how it reads what was seeded: with one of them, no template. */
export const SEEDING_SETTINGS = ['SEED_CLAIMS', 'TOTP_KEY', 'DATABASE_URL', 'DEMO', 'RESET_DATA_DIR'] as const;

/** A demo server's data folder: E2E_DATA_DIR (default .tmp/e2e-data) for the shared one, `<that>-<name>` for others. */
export function e2eDataDir(name?: string): string {
  const base = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
  return resolve(REPO_ROOT, name ? `${base}-${name}` : base);
}

const templateDir = () => e2eDataDir('demo-template');
/** Beside the template, the day it was seeded on: the demo data's dates count from that day. */
const seededOnFile = () => `${templateDir()}.seeded-on`;
const today = () => new Date().toISOString().slice(0, 10);

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Seeds the template afresh: a demo server on an empty folder, stopped once it answers its health check. */
export async function seedDemoTemplate(): Promise<void> {
  await rm(seededOnFile(), { force: true });
  const port = await freePort();
  const server = spawn(TSX, ['server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...DEMO_SERVER_ENV,
      PORT: String(port),
      DATA_DIR: templateDir(),
      RESET_DATA_DIR: '1',
      DEMO_CLEARINGHOUSE: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolveExit) => server.once('exit', (code) => resolveExit(code)));
  let running = true;
  void exited.then(() => (running = false));
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (!running) throw new Error('The demo template server stopped before it answered its health check.');
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error('The demo template server did not answer its health check within 4 minutes.');
    }
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  // A clean stop closes the database: a copy of its folder then opens like the original.
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`The demo template server did not stop cleanly (exit code ${String(code)}).`);
  await writeFile(seededOnFile(), `${today()}\n`);
}

/**
 * Replaces `dataDir` with a copy of the template; false (and nothing copied) when no template was
 * seeded today, for the caller to seed its own.
 */
export async function copyDemoTemplate(dataDir: string): Promise<boolean> {
  const seededOn = await readFile(seededOnFile(), 'utf8').catch(() => '');
  if (seededOn.trim() !== today()) return false;
  await rm(dataDir, { recursive: true, force: true });
  await cp(templateDir(), dataDir, { recursive: true });
  return true;
}
