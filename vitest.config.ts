import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/pgliteTemplate.ts'],
          // A server test file starts no state it does not close, and each opens its own database:
          // sharing a worker's process spares each file a fork, its imports and PGlite's WASM compile.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'app', include: ['{contract,src,commands,layouts}/**/*.test.{ts,tsx}'] } },
    ],
  },
});
