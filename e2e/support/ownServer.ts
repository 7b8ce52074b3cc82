import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';
import { copyDemoTemplate, DEMO_SERVER_ENV, e2eDataDir, REPO_ROOT, SEEDING_SETTINGS, TSX } from './demoTemplate.ts';

export interface OwnServer {
  baseURL: string;
  stop: () => void;
}

/**
 * A demo server of a spec's own (port E2E_PORT + `portOffset`, data in `<E2E_DATA_DIR>-<name>`),
 * for specs whose changes (a posted check, paid claims) would change what the others find on the
 * shared one. It starts from a fresh copy of the run's demo template (demoTemplate.ts), the same
 * demo data the shared server starts with; it seeds its own when `env` changes what is seeded.
 * Resolves once it answers its health check.
 */
export async function startOwnServer(
  portOffset: number,
  name: string,
  options: { onOutput?: (text: string) => void; env?: Record<string, string> } = {},
): Promise<OwnServer> {
  const port = Number(process.env.E2E_PORT ?? 8181) + portOffset;
  const baseURL = `http://localhost:${port}`;
  const dataDir = e2eDataDir(name);
  const seedsItsOwn = SEEDING_SETTINGS.some((setting) => options.env?.[setting] !== undefined);
  const copied = !seedsItsOwn && (await copyDemoTemplate(dataDir));
  const server: ChildProcess = spawn(TSX, ['server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...DEMO_SERVER_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      RESET_DATA_DIR: copied ? '0' : '1',
      // No remittances arriving on their own in the middle of a spec, unless it asks for them.
      DEMO_CLEARINGHOUSE: 'off',
      ...options.env,
    },
    // What the server prints (mails go to its log without SMTP) only when the spec reads it.
    stdio: options.onOutput ? ['ignore', 'pipe', 'ignore'] : 'ignore',
  });
  if (options.onOutput) server.stdout?.on('data', (chunk: Buffer) => options.onOutput?.(chunk.toString()));
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);
  return { baseURL, stop: () => server.kill() };
}
