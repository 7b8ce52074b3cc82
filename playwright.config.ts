import { defineConfig } from '@playwright/test';

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
    command: `tsx server/main.ts`,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      ...(process.env.WEB_ROOT ? { WEB_ROOT: process.env.WEB_ROOT } : {}),
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
      RESET_DATA_DIR: '1',
      SEED_CLAIMS: '300',
      LOG_LEVEL: 'warn',
      // The server's own payer simulator on a free port: runs side by side never clash on 8095.
      PAYER_SIM_PORT: '0',
      // The demo clearinghouse would answer and post the submitted claims behind the tests' backs.
      DEMO_CLEARINGHOUSE: 'off',
    },
  },
});
