import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file of a migrated, empty PGlite data directory (see `setup` below). */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global setup: one migrated PGlite database, saved to a file that every test database
 * on PGlite starts from. Opening an empty PGlite runs initdb (3-4 s on two cores, for each of a
 * hundred test files); starting from the saved one takes about 1 s. Made afresh on every run, so
 * it always has the migrations of the checkout.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  const file = join(folder, 'migrated.tar');
  const db = await openPglite();
  try {
    await migrate(db);
    await writeFile(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(folder, { recursive: true, force: true });
}

let template: Promise<Blob | undefined> | undefined;

/** The saved database of this run, read once per test worker; undefined outside Vitest's runs. */
export function migratedTemplate(path: string): Promise<Blob | undefined> {
  template ??= path ? readFile(path).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return template;
}
