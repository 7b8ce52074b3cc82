import { defineConfig } from '@playwright/test';
import { DEMO_SERVER_ENV, e2eDataDir } from './e2e/support/demoTemplate.ts';

const port = Number(process.env.E2E_PORT ?? 8181);

// Playwright must never download a browser here: it drives Debian's Chromium.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  workers: 1,
  // On CI a test that fails is run once more and reported as flaky when it then passes: a timing
  // slip on a loaded machine must not throw away a session's work, and the report still names it.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The run's demo data is seeded once, into a template (e2e/support/demoTemplate.ts): this server
    // and every spec's own server start from a pristine copy of it.
    command: `tsx e2e/support/prepareSharedServer.ts && tsx server/main.ts`,
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
      DATA_DIR: e2eDataDir(),
      ...DEMO_SERVER_ENV,
    },
  },
});
