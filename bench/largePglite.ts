import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../server/db/migrate.ts';
import { openDatabase } from '../server/db/open.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import { seedDemo } from '../server/seed/generator.ts';
import { benchLargeClaimsList } from './claimsListLarge.ts';
import { print, time } from './stats.ts';

/**
 * The large claims list on PGlite, building its database first. Only with BENCH_LARGE_PGLITE_CLAIMS
 * (a count): building is the slow part. Measured on the 2-core machine: a million claims built in
 * 6.6 minutes (397 s). The database is kept in
 * BENCH_LARGE_PGLITE_DIR (default .tmp/bench-large-pglite-<count>) and reused by the next run.
 */
export async function benchLargePglite(): Promise<void> {
  const claims = Number(process.env.BENCH_LARGE_PGLITE_CLAIMS ?? 0);
  if (!Number.isSafeInteger(claims) || claims <= 0) return;
  const dataDir = resolve(process.env.BENCH_LARGE_PGLITE_DIR ?? `.tmp/bench-large-pglite-${claims}`);
  if (!existsSync(resolve(dataDir, 'pglite', 'PG_VERSION'))) {
    const db = await openDatabase({ dataDir, reset: true });
    try {
      const ms = await time(async () => {
        await migrate(db);
        await loadReferenceData(db);
        await seedDemo(db, { claims });
      });
      print({
        bench: 'large claims list: PGlite database built',
        engine: 'pglite',
        claims,
        seconds: Math.round(ms / 1000),
      });
    } finally {
      await db.close();
    }
  }
  await benchLargeClaimsList({ dataDir });
}

// `BENCH_LARGE_PGLITE_CLAIMS=1000000 npx tsx bench/largePglite.ts` runs this one alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) await benchLargePglite();
