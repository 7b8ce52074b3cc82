/**
 * The large database a report bench reads: PostgreSQL at BENCH_LARGE_DATABASE_URL, or else the
 * PGlite folder at BENCH_LARGE_DATA_DIR (as `bench/largePglite.ts` builds it). Null when neither is
 * set: the bench then skips itself.
 */
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Db } from '../server/db/types.ts';

export interface LargeDatabase {
  db: Db;
  engine: 'postgres' | 'pglite';
}

export async function openLargeDatabase(): Promise<LargeDatabase | null> {
  const url = process.env.BENCH_LARGE_DATABASE_URL;
  if (url) return { db: await openPostgres(url), engine: 'postgres' };
  const dataDir = process.env.BENCH_LARGE_DATA_DIR;
  if (dataDir) return { db: await openPglite(`${dataDir}/pglite`), engine: 'pglite' };
  return null;
}

export const LARGE_DATABASE_NEEDED =
  'set BENCH_LARGE_DATABASE_URL (PostgreSQL) or BENCH_LARGE_DATA_DIR (PGlite), a million claims';
