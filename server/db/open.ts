import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

/** PostgreSQL when a URL is given, otherwise the embedded database in `dataDir`. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  reset?: boolean;
}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = resolve(options.dataDir, 'pglite');
  if (options.reset) await rm(resolve(options.dataDir), { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}
