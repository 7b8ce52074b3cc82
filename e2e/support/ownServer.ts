import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

export interface OwnServer {
  baseURL: string;
  stop: () => void;
}

/**
 * A demo server of a spec's own (port E2E_PORT + `portOffset`, data in `<E2E_DATA_DIR>-<name>`),
 * for specs whose changes (a posted check, paid claims) would change what the others find on the
 * shared one. Resolves once it answers its health check.
 */
export async function startOwnServer(
  portOffset: number,
  name: string,
  options: { onOutput?: (text: string) => void; env?: Record<string, string> } = {},
): Promise<OwnServer> {
  const port = Number(process.env.E2E_PORT ?? 8181) + portOffset;
  const baseURL = `http://localhost:${port}`;
  const server: ChildProcess = spawn(
    fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url)),
    ['server/main.ts'],
    {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}-${name}`,
        RESET_DATA_DIR: '1',
        SEED_CLAIMS: '300',
        LOG_LEVEL: 'warn',
        // Its own payer simulator on a free port, as the shared test server's: never a clash on 8095.
        PAYER_SIM_PORT: '0',
        // No remittances arriving on their own in the middle of a spec, unless it asks for them.
        DEMO_CLEARINGHOUSE: 'off',
        ...options.env,
      },
      // What the server prints (mails go to its log without SMTP) only when the spec reads it.
      stdio: options.onOutput ? ['ignore', 'pipe', 'ignore'] : 'ignore',
    },
  );
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
