import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';
import { migratedTemplate } from './pgliteTemplate.ts';

/**
 * The same suites run on the embedded database and, when TEST_DATABASE_URL is set, on a real
 * PostgreSQL, each suite in a schema of its own that is dropped afterwards.
 */
export interface TestEngine {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database. `reopen` gives a second connection to the same data (a restart). */
  create(options?: { dataDir?: string }): Promise<TestDatabase>;
}

export interface TestDatabase {
  db: Db;
  reopen(): Promise<Db>;
  dispose(): Promise<void>;
}

const pglite: TestEngine = {
  name: 'pglite',
  async create(options = {}) {
    // In memory, it starts from the run's migrated database (pgliteTemplate.ts); migrate then finds nothing to do.
    const from = options.dataDir ? undefined : await migratedTemplate(inject('pgliteTemplate'));
    const db = await openPglite(options.dataDir, from ? { from } : {});
    await migrate(db);
    return {
      db,
      reopen: () => {
        if (!options.dataDir) throw new Error('Reopening needs a dataDir on PGlite.');
        return openPglite(options.dataDir);
      },
      dispose: () => db.close().catch(() => undefined),
    };
  },
};

function postgres(url: string): TestEngine {
  return {
    name: 'postgres',
    async create() {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = await openPostgres(url, { max: 1 });
      await admin.exec(`CREATE SCHEMA ${schema}`);
      const db = await openPostgres(url, { searchPath: schema, max: 5 });
      await migrate(db);
      const opened: Db[] = [db];
      return {
        db,
        reopen: async () => {
          const again = await openPostgres(url, { searchPath: schema, max: 5 });
          opened.push(again);
          return again;
        },
        dispose: async () => {
          for (const connection of opened) await connection.close().catch(() => undefined);
          await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
          await admin.close();
        },
      };
    },
  };
}

export const testEngines: TestEngine[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
