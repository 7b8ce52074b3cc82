import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { buildApp } from '../server/app.ts';
import type { Db } from '../server/db/types.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const APP_DIR = join(ROOT, '.tmp/bench-web');
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let built: Promise<unknown> | null = null;

/** The production build of the app (once per bench run), served with the real server over `db`. */
export async function startBenchApp(db: Db): Promise<{ base: string; close: () => Promise<void> }> {
  built ??= build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: APP_DIR, emptyOutDir: true },
  });
  await built;
  const app = await buildApp({ db, webRoot: APP_DIR });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}
